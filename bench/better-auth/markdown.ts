import type { ScimCall } from '../../src/scim/http/call.ts';
import { findingsFor, type RefusalContext } from './findings.ts';

// What the report's sections (report.ts, readiness-report.ts) write alike: cells, code spans, a
// call's SCIM error, and a refusal with its request and the findings that explain it.

/** Markdown table cells hold no pipes or newlines. */
export const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
export const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

export const scimError = (call: ScimCall) => [call.scimType, call.detail].filter(Boolean).join(': ');

const requestPath = (call: ScimCall) => new URL(call.request.url).pathname.replace(/^.*\/scim\/v2/, '');

/** One refusal (or a change the read-back did not find): the request, the answer, and the analysis that explains it. */
export function refusalBlock(title: string, context: RefusalContext, differences: readonly string[], extra: readonly string[] = []): string[] {
  const { call } = context;
  const findings = findingsFor(context);
  const answer = `${call.request.method} ${requestPath(call)} answered **${call.status} ${call.statusText}**${scimError(call) ? `: ${code(scimError(call))}` : ''}`;
  return [
    `### ${title}`,
    '',
    `${answer}${differences.length ? `; read-back: ${differences.join('; ')}` : ''}.`,
    '',
    '```json',
    JSON.stringify(call.request.body, null, 2),
    '```',
    '',
    ...extra,
    ...(findings.length ? findings : ['*Not analysed: no finding in bench/better-auth/findings.ts explains this outcome yet; read the body and the answer above.*']),
    '',
  ];
}
