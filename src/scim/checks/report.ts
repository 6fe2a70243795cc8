import { curlCommand } from '../curl';
import type { CheckResult } from './check';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/**
 * The report Copy report puts on the clipboard, for a bug report: a Markdown table of each check,
 * its result and reason, then each check's calls as cURL (the key stays `$SCIM_TOKEN`).
 */
export function checkReportMarkdown(results: readonly CheckResult[], summary: string): string {
  const rows = results.map(({ name, source, outcome, reason }) => `| ${cell(name)} (${cell(source)}) | ${outcome} | ${cell(reason ?? '')} |`);
  const calls = results.flatMap(({ name, calls: own }) =>
    own.length === 0 ? [] : [`### ${name}`, '', '```sh', ...own.map(({ request }) => curlCommand(request)), '```', ''],
  );
  return ['## SCIM checks', '', summary, '', '| check | result | reason |', '|---|---|---|', ...rows, '', ...calls].join('\n');
}
