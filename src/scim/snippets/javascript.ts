import type { ScimRequest } from '../http/client';
import { API_KEY_VARIABLE, keyParts } from '../secrets/key-token';
import { singleQuotedLiteral as quote } from './string-literal';
import { bodyText, type SnippetTarget } from './target';

/**
 * The key's variable: `process.env.SCIM_TOKEN` in Node, and in a browser console, which has no
 * `process`, the global `SCIM_TOKEN` the reader sets first.
 */
const KEY = `(globalThis.process?.env ?? globalThis).${API_KEY_VARIABLE}`;

function jsValue(value: string): string {
  const parts = keyParts(value);
  if (!parts) return quote(value);
  return [parts.before && quote(parts.before), KEY, parts.after && quote(parts.after)].filter(Boolean).join(' + ');
}

/**
 * `fetch` as Node 18+ and browsers have it: the call's method, URL, headers and body (a string,
 * sent as its UTF-8 bytes), no redirect followed, like the element. A promise chain rather than a
 * top-level `await`, which a CommonJS script would refuse.
 */
export function fetchCall(request: ScimRequest): string {
  const body = bodyText(request);
  return [
    `fetch(${quote(request.url)}, {`,
    `  method: ${quote(request.method)},`,
    '  headers: {',
    ...Object.entries(request.headers).map(([name, value]) => `    ${quote(name)}: ${jsValue(value)},`),
    '  },',
    ...(body === undefined ? [] : [`  body: ${quote(body)},`]),
    "  redirect: 'manual',",
    '}).then(async (response) => console.log(response.status, response.statusText, await response.text()));',
  ].join('\n');
}

export const javascript: SnippetTarget = { id: 'javascript', label: 'JavaScript', fence: 'js', generate: fetchCall };
