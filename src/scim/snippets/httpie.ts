import type { ScimRequest } from '../client';
import { API_KEY_VARIABLE, keyParts } from '../key-token';
import { shellQuote } from './curl';
import { bodyText, type SnippetTarget } from './target';

/** A `Name:value` request item, with the key expanded from the environment where the value holds its token. */
function item(name: string, value: string): string {
  const parts = keyParts(value);
  if (!parts) return shellQuote(`${name}:${value}`);
  return [shellQuote(`${name}:${parts.before}`), `"$${API_KEY_VARIABLE}"`, parts.after && shellQuote(parts.after)].join('');
}

/** HTTPie 3 in a POSIX shell: the body's exact bytes with `--raw`, no stdin read, no redirect followed. */
export function httpieCommand(request: ScimRequest): string {
  const body = bodyText(request);
  const raw = body === undefined ? [] : ['--raw', shellQuote(body)];
  const items = Object.entries(request.headers).map(([name, value]) => item(name, value));
  return ['http', '--ignore-stdin', ...raw, request.method, shellQuote(request.url), ...items].join(' ');
}

export const httpie: SnippetTarget = { id: 'httpie', label: 'HTTPie', fence: 'sh', generate: httpieCommand };
