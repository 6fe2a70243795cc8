import type { SnippetTarget } from '../snippets/target';
import type { CheckResult } from './check';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/**
 * The report Copy report puts on the clipboard, for a bug report: a Markdown table of each check,
 * its result and reason, then each check's calls in the language chosen (the key read from SCIM_TOKEN).
 */
export function checkReportMarkdown(results: readonly CheckResult[], summary: string, target: SnippetTarget): string {
  const rows = results.map(({ name, source, outcome, reason }) => `| ${cell(name)} (${cell(source)}) | ${outcome} | ${cell(reason ?? '')} |`);
  const calls = results.flatMap(({ name, calls: own }) =>
    own.length === 0 ? [] : [`### ${name}`, '', `\`\`\`${target.fence}`, own.map(({ request }) => target.generate(request)).join('\n\n'), '```', ''],
  );
  return ['## SCIM checks', '', summary, '', '| check | result | reason |', '|---|---|---|', ...rows, '', ...calls].join('\n');
}
