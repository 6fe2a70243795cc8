import type { ScimRequest } from '../http/client';
import { API_KEY_VARIABLE, keyParts } from '../secrets/key-token';
import { bodyText, type SnippetTarget } from './target';

/** POSIX single quotes: nothing inside is special, and a `'` is written as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** Text that means itself inside double quotes, even in bash with history expansion (`!`). */
const PLAIN_IN_DOUBLE_QUOTES = /^[^"\\$`!]*$/;

/**
 * A header for `-H`, with the key expanded from the environment where the recorded value holds
 * its token: `"Authorization: Bearer $SCIM_TOKEN"`, or single-quoted pieces around `"$SCIM_TOKEN"`
 * when the text around it would mean something else inside double quotes.
 */
function shellHeader(header: string): string {
  const parts = keyParts(header);
  if (!parts) return shellQuote(header);
  const { before, after } = parts;
  if (PLAIN_IN_DOUBLE_QUOTES.test(before) && PLAIN_IN_DOUBLE_QUOTES.test(after)) {
    // Braces whenever text follows the name, which could otherwise lengthen it.
    return `"${before}${after === '' ? `$${API_KEY_VARIABLE}` : `\${${API_KEY_VARIABLE}}`}${after}"`;
  }
  return [before && shellQuote(before), `"$${API_KEY_VARIABLE}"`, after && shellQuote(after)].join('');
}

/** After the response body, the status code on a line of its own, as the other languages print it. */
const WRITE_STATUS = "--write-out '\\n%{http_code}\\n'";

/**
 * A POSIX-shell command that repeats a recorded call: method, URL, headers and the exact bytes of
 * the body. `--globoff`, since a URL may hold `[` and `]` (the URL parser leaves them as they
 * are), which curl would otherwise read as a range and send several requests for.
 */
export function curlCommand(request: ScimRequest): string {
  const headers = Object.entries(request.headers).map(([name, value]) => `-H ${shellHeader(`${name}: ${value}`)}`);
  const body = bodyText(request);
  const data = body === undefined ? [] : [`--data-binary ${shellQuote(body)}`];
  return ['curl', '--globoff', '-X', request.method, shellQuote(request.url), ...headers, ...data, WRITE_STATUS].join(' ');
}

export const curl: SnippetTarget = { id: 'curl', label: 'cURL', fence: 'sh', generate: curlCommand };
