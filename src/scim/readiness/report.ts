import { markdownCodeBlock, markdownCodeCell } from '../checks/markdown-text';
import type { SnippetTarget } from '../snippets/target';
import type { Finding, ReadinessVerdict } from './run';
import { IDP_NAMES } from './names';

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** One verdict in one line: `Ready for Entra`, `Ready for Okta, 1 warning`, or `Entra: 2 blockers, 1 warning`. */
export function verdictLine({ profile, ready, blockers, warnings, undecided }: ReadinessVerdict): string {
  const idp = IDP_NAMES[profile];
  const caveats = [warnings.length > 0 && count(warnings.length, 'warning'), undecided.length > 0 && `${undecided.length} undecided`].filter(Boolean);
  if (ready) return [`Ready for ${idp}`, ...caveats].join(', ');
  return `${idp}: ${[count(blockers.length, 'blocker'), ...caveats].join(', ')}`;
}

/** `Tutorial: … › General: "Don't require …"` and its address: where a criterion comes from. */
export const sourceText = ({ source }: Finding) => `${source.document}, ${source.section}: "${source.sentence}"`;

function findingMarkdown(weight: string, finding: Finding, target: SnippetTarget): string[] {
  return [
    `### ${weight} ${finding.criterion}`,
    '',
    `Expects: ${finding.expects}.`,
    '',
    `Source: ${sourceText(finding)} (${finding.source.url})`,
    '',
    `Answered: ${markdownCodeCell(finding.answered)}`,
    '',
    ...markdownCodeBlock(target.fence, [finding.calls.map(({ request }) => target.generate(request)).join('\n\n')]),
    '',
  ];
}

/**
 * What Copy report puts on the clipboard after a readiness run: a verdict line per IdP, then each
 * blocker and warning with what the IdP expects, its source, what the server answered (a code
 * span: it quotes the server) and its calls in the language chosen (the key read from SCIM_TOKEN).
 */
export function readinessReportMarkdown(verdicts: readonly ReadinessVerdict[], target: SnippetTarget): string {
  return [
    '## SCIM readiness',
    '',
    ...verdicts.map((verdict) => `- ${verdictLine(verdict)}${verdict.leftBehind.length > 0 ? ` (left behind: ${verdict.leftBehind.join(', ')})` : ''}`),
    '',
    ...verdicts.flatMap((verdict) => [
      ...verdict.blockers.flatMap((finding) => findingMarkdown(`${IDP_NAMES[verdict.profile]} blocker:`, finding, target)),
      ...verdict.warnings.flatMap((finding) => findingMarkdown(`${IDP_NAMES[verdict.profile]} warning:`, finding, target)),
    ]),
  ].join('\n');
}

/** What Download JSON saves and `scim-generator ready --json` writes: the verdicts as the run returned them. */
export const readinessJson = (verdicts: readonly ReadinessVerdict[]) => JSON.stringify(verdicts, null, 2);
