import type { ScimRequest } from '../http/client';
import { API_KEY_VARIABLE, keyParts } from '../secrets/key-token';
import { bodyText, type SnippetTarget } from './target';

/** What PowerShell reads as a single quote: the ASCII one and the typographic ones (‘ ’ ‚ ‛). */
const SINGLE_QUOTES = /['\u2018\u2019\u201A\u201B]/g;

/**
 * A single-quoted PowerShell string: nothing inside expands (`$`, backticks, `"` are text, line
 * breaks too), and each single quote of any kind is doubled, which PowerShell reads as that quote.
 */
export function psQuote(text: string): string {
  return `'${text.replace(SINGLE_QUOTES, '$&$&')}'`;
}

/**
 * A single-quoted here-string (`@'`, the text, `'@`), which holds the text as it is, quotes
 * undoubled, so a JSON body reads as sent. It ends at the first line that starts with a quote and
 * `@`; a text of more than one line, or that itself starts so, is quoted with psQuote instead.
 */
export function psHereString(text: string): string {
  return /[\r\n]/.test(text) || /^\s*['\u2018\u2019\u201A\u201B]@/.test(text) ? psQuote(text) : `@'\n${text}\n'@`;
}

/** A header value, with the key read from `$env:SCIM_TOKEN` where the recorded value holds its token. */
function psValue(value: string): string {
  const parts = keyParts(value);
  if (!parts) return psQuote(value);
  return [parts.before && psQuote(parts.before), `$env:${API_KEY_VARIABLE}`, parts.after && psQuote(parts.after)].filter(Boolean).join(' + ');
}

/**
 * PowerShell 7: Invoke-RestMethod with the call's method, URL and headers, the content type as
 * recorded, and the body as its UTF-8 bytes, so that no default encoding of a string body (ISO-8859-1
 * before PowerShell 7.4) changes them. Like the element, it follows no redirect, and it shows an
 * error's body rather than throwing.
 */
export function powerShellCommand(request: ScimRequest): string {
  const contentType = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  const headers = Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-type');
  const body = bodyText(request);
  return [
    ...(body === undefined ? [] : [`$body = ${psHereString(body)}`]),
    '$request = @{',
    `  Method = ${psQuote(request.method)}`,
    `  Uri = ${psQuote(request.url)}`,
    '  Headers = @{',
    ...headers.map(([name, value]) => `    ${psQuote(name)} = ${psValue(value)}`),
    '  }',
    ...(contentType === undefined ? [] : [`  ContentType = ${psQuote(contentType)}`]),
    ...(body === undefined ? [] : ['  Body = [System.Text.Encoding]::UTF8.GetBytes($body)']),
    '}',
    'Invoke-RestMethod @request -MaximumRedirection 0 -SkipHttpErrorCheck',
  ].join('\n');
}

export const powershell: SnippetTarget = { id: 'powershell', label: 'PowerShell', fence: 'powershell', generate: powerShellCommand };
