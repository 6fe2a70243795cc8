import { API_KEY_PLACEHOLDER } from '../constants';
import type { ScimRequest } from './client';

/** POSIX single quotes: nothing inside is special, and a `'` is written as `'\''`. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * A POSIX-shell command that repeats a recorded call: method, URL, headers and the exact bytes of
 * the body. The key stays `$SCIM_TOKEN`, in double quotes so the shell expands it from the
 * environment; the recorded request never holds the key itself. `--globoff`, since a URL may hold
 * `[` and `]` (the URL parser leaves them as they are), which curl would otherwise read as a range
 * and send several requests for.
 */
export function curlCommand(request: ScimRequest): string {
  const headers = Object.entries(request.headers).map(([name, value]) => {
    const header = `${name}: ${value}`;
    // Only the placeholder may expand; a recorded value holds no `"`, `\`, `` ` `` or other `$`.
    return value === `Bearer ${API_KEY_PLACEHOLDER}` ? `-H "${header}"` : `-H ${shellQuote(header)}`;
  });
  const body = request.body === undefined ? [] : [`--data-binary ${shellQuote(JSON.stringify(request.body))}`];
  return ['curl', '--globoff', '-X', request.method, shellQuote(request.url), ...headers, ...body].join(' ');
}
