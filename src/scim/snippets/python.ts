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
 * Python 3 with requests: the call's method, URL, headers and body, no redirect followed, like the
 * element. The body goes as bytes: http.client encodes a `str` body as ISO-8859-1, which fails on
 * other characters. requests (with urllib3) rewrites a URL's escapes: it percent-encodes the
 * characters it deems unsafe (`[`, `]`, `|`, `^`, `\`, backtick, `{`, `}`), decodes `%xx` of a
 * letter, digit or `-._~` and upper-cases the others. Servers read the same path and query.
 */
export function requestsCall(request: ScimRequest): string {
  const body = bodyText(request);
  return [
    'import os',
    'import requests',
    '',
    'response = requests.request(',
    `    ${quote(request.method)},`,
    `    ${quote(request.url)},`,
    '    headers={',
    ...Object.entries(request.headers).map(([name, value]) => `        ${quote(name)}: ${pyValue(value)},`),
    '    },',
    ...(body === undefined ? [] : [`    data=${quote(body)}.encode(),`]),
    '    allow_redirects=False,',
    ')',
    'print(response.status_code, response.reason, response.text)',
  ].join('\n');
}

export const python: SnippetTarget = { id: 'python', label: 'Python', fence: 'python', generate: requestsCall };
