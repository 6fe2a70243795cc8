import type { ScimCall } from '../../src/scim/http/call.ts';
import { IDP_NAMES } from '../../src/scim/profiles/idp-names.ts';
import { verdictLine } from '../../src/scim/readiness/report.ts';
import type { Finding } from '../../src/scim/readiness/run.ts';
import { BENCH_ACTIONS, type BenchAction } from './actions.ts';
import type { RefusalContext } from './findings.ts';
import { cell, code, refusalBlock } from './markdown.ts';
import type { ReadinessRun } from './readiness.ts';

// The readiness section of docs/better-auth.md: each IdP profile's verdict against Better Auth, each
// blocker with the IdP's document and the findings (findings.ts) that say whether the server or
// the IdP's form is at fault, what stayed undecided, and whether the run left anything behind.

const label = ({ profile, entraSwitch }: Pick<ReadinessRun, 'profile' | 'entraSwitch'>) => `${IDP_NAMES[profile]}${entraSwitch ? ' + Entra switch' : ''}`;

/** Where the blocker's decisive call (its first refused one, else its first) was sent, as findings.ts names it. */
function during(call: ScimCall): RefusalContext['during'] | undefined {
  if (call.purpose === 'create') return new URL(call.request.url).pathname.endsWith('/Groups') ? 'Groups' : 'Users';
  return (BENCH_ACTIONS as readonly string[]).includes(call.purpose) ? (call.purpose as BenchAction) : undefined;
}

function blockerBlock(run: ReadinessRun, finding: Finding, weight: string): string[] {
  const call = finding.calls.find(({ ok }) => !ok) ?? finding.calls[0];
  const { source } = finding;
  const cited = [`${label(run)} expects: ${finding.expects}.`, '', `Source: [${source.document}, ${source.section}](${source.url}): "${source.sentence}"`, '', `Answered: ${finding.answered}`, ''];
  const where = call && during(call);
  if (!call || !where) {
    return [`### ${label(run)}: ${finding.criterion} (${weight})`, '', ...cited, '*Not analysed: no finding in bench/better-auth/findings.ts explains this outcome yet; read the answer above.*', ''];
  }
  return refusalBlock(`${label(run)}: ${finding.criterion} (${weight})`, { run, during: where, call }, [], cited);
}

/** The readiness section: a row per run, then each blocker and warning with who is wrong, and what stayed undecided. */
export function readinessSection(runs: readonly ReadinessRun[]): string[] {
  const findings = runs.flatMap((run) => [
    ...run.verdict.blockers.flatMap((finding) => blockerBlock(run, finding, 'blocker')),
    ...run.verdict.warnings.flatMap((finding) => blockerBlock(run, finding, 'warning')),
  ]);
  const undecided = runs.flatMap((run) => run.verdict.undecided.map(({ criterion, weight, why }) => `- **${label(run)}**, ${code(criterion)} (${weight}): ${why}.`));
  const made = runs.flatMap(({ afterwards }) => afterwards);
  const stayed = made.filter(({ status }) => status !== 404);
  return [
    '## Readiness: a verdict per IdP',
    '',
    'The readiness run of issue 48 (`runReadiness`, src/scim/readiness/run.ts, as the element\'s "Ready for …?" and',
    '`scim-generator ready` run it): for each IdP profile with criteria, on a fresh Better Auth of its own, the IdP\'s whole',
    'cycle on resources the run creates (discovery, users in its flow, its required checks, a group pushed with members,',
    'an update in its dialect, a deactivation, a member removed, a rename), then every resource it made deleted. Each',
    'criterion of the IdP\'s table (docs/readiness.md) is decided from the calls of its steps. Entra runs twice, as the',
    'actions above do: on the plugin as installed, and with its Entra switch.',
    '',
    `**In short:** ${runs.map(({ verdict, entraSwitch }) => `${verdictLine(verdict)}${entraSwitch ? ' (with the Entra switch)' : ''}`).join('; ')}.`,
    '',
    '| IdP | Verdict | Blockers | Warnings | Undecided | Calls | Time | Left behind |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map((run) => {
      const { verdict } = run;
      const ids = (list: readonly { criterion: string }[]) => (list.length ? list.map(({ criterion }) => code(criterion)).join(', ') : '–');
      return `| ${label(run)} | ${cell(verdictLine(verdict))} | ${ids(verdict.blockers)} | ${ids(verdict.warnings)} | ${ids(verdict.undecided)} | ${verdict.calls.length} | ${Math.round(run.ms)} ms | ${verdict.leftBehind.length ? cell(verdict.leftBehind.join(', ')) : 'nothing'} |`;
    }),
    '',
    stayed.length === 0
      ? `Nothing left behind: a GET of each of the ${made.length} resources the runs created answered 404 after the run.`
      : `**Left behind**: ${stayed.map(({ url, status }) => `${code(new URL(url).pathname)} answered ${status}`).join(', ')} after the run, where 404 was due.`,
    '',
    '### Each blocker and warning, and who is wrong',
    '',
    ...(findings.length ? findings : ['None: Better Auth meets every criterion the runs decided.', '']),
    '### Undecided',
    '',
    ...(undecided.length
      ? ['A criterion whose steps did not run, since an earlier step made nothing for them to act on; a verdict with an undecided blocker is not *Ready*:', '', ...undecided]
      : ['None: every criterion of every run was decided.']),
    '',
  ];
}
