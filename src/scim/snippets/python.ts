import type { ScimRequest } from '../http/client';
import { API_KEY_VARIABLE, keyParts } from '../secrets/key-token';
import { singleQuotedLiteral as quote } from './string-literal';
import { bodyText, type SnippetTarget } from './target';

function pyValue(value: string): string {
  const parts = keyParts(value);
  if (!parts) return quote(value);
  return [parts.before && quote(parts.before), `os.environ["${API_KEY_VARIABLE}"]`, parts.after && quote(parts.after)].filter(Boolean).join(' + ');
}

/**
 * Python 3's own http.client: the call's method, request target (path and query), headers and body,
 * to the URL's host, following no redirect, like the element. http.client sends the target as it
 * is (requests, through urllib3, re-encodes it: a bare `%` becomes `%25`, and with it every `%xx`
 * of the URL). The body goes as bytes: http.client encodes a `str` body as ISO-8859-1, which fails
 * on other characters.
 */
export function httpClientCall(request: ScimRequest): string {
  const url = new URL(request.url);
  const connection = url.protocol === 'https:' ? 'HTTPSConnection' : 'HTTPConnection';
  const body = bodyText(request);
  // The request target: path and query (a recorded URL has no fragment).
  const target = url.href.slice(url.origin.length);
  return [
    'import http.client',
    'import os',
    '',
    `connection = http.client.${connection}(${quote(url.host)})`,
    'connection.request(',
    `    ${quote(request.method)},`,
    `    ${quote(target)},`,
    ...(body === undefined ? [] : [`    body=${quote(body)}.encode(),`]),
    '    headers={',
    ...Object.entries(request.headers).map(([name, value]) => `        ${quote(name)}: ${pyValue(value)},`),
    '    },',
    ')',
    'response = connection.getresponse()',
    "print(response.status, response.reason, response.read().decode(errors='replace'))",
  ].join('\n');
}

export const python: SnippetTarget = { id: 'python', label: 'Python', fence: 'python', generate: httpClientCall };
