import type { SnippetTarget } from '../snippets/target';
import type { CheckResult } from './check';
import { markdownCodeBlock, markdownCodeCell } from './markdown-text';

/** The counts below the check lines: `9 passed, 0 failed, 1 warned, 0 skipped`, then `, 2 not checked` when some were. */
export const checkSummary = ({ passed, failed, warned, skipped, notChecked }: Record<'passed' | 'failed' | 'warned' | 'skipped' | 'notChecked', number>) =>
  `${passed} passed, ${failed} failed, ${warned} warned, ${skipped} skipped${notChecked > 0 ? `, ${notChecked} not checked` : ''}`;

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/**
 * The report Copy report puts on the clipboard, for a bug report: a Markdown table of each check,
 * its result and reason, then each check's calls in the language chosen (the key read from SCIM_TOKEN).
 * The reason quotes the server, so it is a code span: pasted into an issue tracker, it renders as text.
 */
export function checkReportMarkdown(results: readonly CheckResult[], summary: string, target: SnippetTarget): string {
  const rows = results.map(({ name, source, outcome, reason, note }) => `| ${cell(name)} (${cell(source)}) | ${outcome} | ${markdownCodeCell(reason ?? note ?? '')} |`);
  const calls = results.flatMap(({ name, calls: own }) =>
    own.length === 0 ? [] : [`### ${name}`, '', ...markdownCodeBlock(target.fence, [own.map(({ request }) => target.generate(request)).join('\n\n')]), ''],
  );
  return ['## SCIM checks', '', summary, '', '| check | result | reason |', '|---|---|---|', ...rows, '', ...calls].join('\n');
}
