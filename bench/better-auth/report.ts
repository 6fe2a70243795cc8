import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ScimCall } from '../../src/scim/http/call.ts';
import type { PatchRequest } from '../../src/scim/http/client.ts';
import type { ActionOutcome, ProfileRun } from './actions.ts';
import type { BatchOutcome } from './batch.ts';
import type { CheckResult } from '../../src/scim/checks/check.ts';
import type { CheckedResource, CheckRun } from './checks.ts';
import { ACCEPTANCE_NOTES, CHECK_NOTES, checkFindingsFor } from './findings.ts';
import { cell, code, refusalBlock, scimError } from './markdown.ts';
import type { ReadinessRun } from './readiness.ts';
import { readinessSection } from './readiness-report.ts';

const REPORT = new URL('../../docs/better-auth.md', import.meta.url);
const ACTION_LABELS = { update: 'Update', 'remove-members': 'Remove members', rename: 'Rename' } as const;

const versionOf = async (name: string): Promise<string> =>
  (JSON.parse(await readFile(new URL(`./node_modules/${name}/package.json`, import.meta.url), 'utf8')) as { version: string }).version;


const counts = (values: readonly (string | number)[]) => {
  const tally = new Map<string, number>();
  values.forEach((value) => tally.set(String(value), (tally.get(String(value)) ?? 0) + 1));
  return [...tally].map(([value, count]) => `${value} ×${count}`).join(', ');
};

export const profileLabel = (run: Pick<ProfileRun, 'profile' | 'entraSwitch'>) => (run.entraSwitch ? `${run.profile} + Entra switch` : run.profile);

/** The decisive request in a few words: method (a PUT after a GET of the resource, or of the resource the IdP holds), and each PATCH operation's op and path. */
export function requestShape(call: ScimCall, calls: readonly ScimCall[]): string {
  const { method, body, url } = call.request;
  const afterGet = calls[calls.indexOf(call) - 1]?.request.method === 'GET';
  const resource = new URL(url).pathname.includes('/Groups/') ? 'group' : 'user';
  if (method !== 'PATCH') return method === 'PUT' ? (afterGet ? `GET, then PUT of the whole ${resource}` : `PUT of the whole ${resource}, no GET first`) : method;
  const operations = (body as PatchRequest | undefined)?.Operations ?? [];
  // Ids and values differ per resource and per run: the shape keeps the paths and, without a path, the value's attributes.
  const shown = ({ op, path, value }: PatchRequest['Operations'][number]) =>
    `${op} ${path === undefined ? `(no path) {${typeof value === 'object' && value ? Object.keys(value).join(', ') : ''}}` : path.replace(/"[^"]*"/g, '"…"')}`;
  return `PATCH ${operations.map(shown).join('; ')}`;
}

function batchLine({ resourceType, created, total, statuses, firstFailure, withMembers }: BatchOutcome): string {
  const members = withMembers === undefined ? '' : `, ${withMembers} with members`;
  const failure = firstFailure ? `; first refusal: ${firstFailure.request.method} ${firstFailure.status} ${scimError(firstFailure) || firstFailure.statusText}` : '';
  return `${resourceType}: ${created}/${total} created (${counts(Object.entries(statuses).flatMap(([status, n]) => Array(n).fill(status)))})${members}${failure}`;
}

function actionRow(run: ProfileRun, outcome: ActionOutcome): string {
  const { targets } = outcome;
  const label = ACTION_LABELS[outcome.action];
  if (targets.length === 0) return `| ${profileLabel(run)} | ${label} | (nothing to act on) | – | – | – | – |`;
  const [first] = targets;
  const decided = counts(targets.map(({ decided }) => `${decided.status}`));
  const errors = [...new Set(targets.filter(({ decided }) => !decided.ok).map(({ decided }) => scimError(decided) || decided.statusText))];
  const readBacks = targets.filter(({ applied }) => applied !== undefined);
  const applied = readBacks.length === 0 ? '–' : `${readBacks.filter(({ applied }) => applied).length}/${readBacks.length} applied`;
  const differences = [...new Set(readBacks.flatMap(({ differences }) => differences.map((difference) => difference.replace(/"[^"]*"/g, '"…"'))))];
  const touched = targets.filter(({ sideEffects }) => sideEffects.length > 0);
  const paths = [...new Set(touched.flatMap(({ sideEffects }) => sideEffects.map((effect) => effect.slice(0, effect.indexOf(':')))))];
  const also = readBacks.length === 0 ? '–' : touched.length === 0 ? 'nothing' : `${touched.length}/${readBacks.length}: ${paths.map(code).join(', ')}`;
  return `| ${profileLabel(run)} | ${label} | ${cell(first ? requestShape(first.decided, first.calls) : '')} | ${decided} | ${cell(errors.join(' / ') || '–')} | ${cell([applied, ...differences].join('; '))} | ${cell(also)} |`;
}

function batchRefusals(run: ProfileRun): string[] {
  return run.batches.flatMap((batch) =>
    batch.firstFailure
      ? refusalBlock(`${profileLabel(run)}: creating ${batch.resourceType} (${batch.total - batch.created} of ${batch.total} not created)`, {
          run,
          during: batch.resourceType,
          call: batch.firstFailure,
        }, [])
      : [],
  );
}

function actionRefusals(run: ProfileRun, outcome: ActionOutcome): string[] {
  const shown = outcome.targets.find(({ decided }) => !decided.ok) ?? outcome.targets.find(({ applied, sideEffects }) => applied === false || sideEffects.length > 0);
  if (!shown) return [];
  const probes = outcome.probes.length
    ? ['Each operation alone:', '', ...outcome.probes.map(({ operation, call }) => `- ${code(`${operation.op} ${operation.path ?? '(no path)'}`)}: ${call.status} ${call.statusText}${scimError(call) ? `, ${code(scimError(call))}` : ''}`), '']
    : [];
  return refusalBlock(`${profileLabel(run)}: ${ACTION_LABELS[outcome.action]}`, { run, during: outcome.action, call: shown.decided }, [...shown.differences, ...shown.sideEffects], probes);
}

const CHECKED_LABELS: Record<CheckedResource['kind'], string> = {
  'users-inactive': 'a user created inactive (the default)',
  'users-active': 'a user created active',
  groups: 'a group with members',
};
const OUTCOMES: Record<CheckResult['outcome'], string> = { pass: 'pass', fail: '**fail**', warn: '**warn**', skipped: 'skipped', 'not-checked': 'not checked' };

/** Whether a GET after Check shows the resource as before it, and its endpoint holding as many resources. */
function endedAsItWas({ changed, totals }: CheckedResource): string {
  const count = totals.before === totals.after ? `${totals.before ?? '?'} before and after` : `**${totals.before ?? '?'} before, ${totals.after ?? '?'} after**`;
  return changed.length === 0 ? `yes (${count})` : `**no**: ${changed.map(code).join(', ')} (${count})`;
}

/** One table per resource type: a row per profile and target, a column per check (in Check's order), and the GET before and after. */
function checkTable(checks: readonly CheckRun[], resourceType: CheckedResource['resourceType']): string[] {
  const rows = checks.flatMap((run) => run.resources.filter((resource) => resource.resourceType === resourceType).map((resource) => ({ run, resource })));
  const columns = new Map<string, string>();
  rows.forEach(({ resource }) => resource.results.forEach(({ id, name }) => columns.set(id, name)));
  const ids = [...columns.keys()];
  return [
    `| Profile | Checked | ${ids.map(code).join(' | ')} | Ended as it was |`,
    `| --- | --- | ${ids.map(() => '---').join(' | ')} | --- |`,
    ...rows.map(({ run, resource }) => {
      const label = `${profileLabel(run)} | ${CHECKED_LABELS[resource.kind]}`;
      if (!resource.target) return `| ${label} | ${ids.map(() => '–').join(' | ')} | nothing to check: ${resource.batch.created}/${resource.batch.total} created |`;
      const cells = ids.map((id) => {
        const result = resource.results.find((candidate) => candidate.id === id);
        return result ? OUTCOMES[result.outcome] : '–';
      });
      return `| ${label} | ${cells.join(' | ')} | ${cell(endedAsItWas(resource))} |`;
    }),
    '',
    ...ids.map((id) => `- ${code(id)}: ${columns.get(id)} (${rows.flatMap(({ resource }) => resource.results).find((result) => result.id === id)?.source ?? ''})`),
    '',
  ];
}

/** Each failed or skipped check: its line, and who is wrong. */
function checkFailures(checks: readonly CheckRun[]): string[] {
  return checks.flatMap((run) =>
    run.resources.flatMap((resource) =>
      resource.results
        .filter(({ outcome }) => outcome !== 'pass')
        .flatMap((result) => {
          const findings = result.outcome === 'fail' || result.outcome === 'warn' ? checkFindingsFor({ run, resource, result }) : [];
          return [
            `### ${profileLabel(run)}, ${CHECKED_LABELS[resource.kind]}: ${result.name} (${result.outcome})`,
            '',
            `> ${result.reason ?? '(no reason given)'}`,
            '',
            ...(result.outcome === 'skipped' ? ['*Skipped by Check itself: the ServiceProviderConfig (RFC 7643 §5) says the feature is not supported.*'] : findings.length ? findings : ['*Not analysed: no finding in bench/better-auth/findings.ts explains this failure yet; read the line above and the calls.*']),
            '',
          ];
        }),
    ),
  );
}

/** The Check section: how it ran, its results per profile and resource, each failure and who is wrong, and what the passes rest on. */
function checkSection(checks: readonly CheckRun[]): string[] {
  const results = checks.flatMap(({ resources }) => resources.flatMap(({ results }) => results));
  const failures = checkFailures(checks);
  const unchanged = checks.flatMap(({ resources }) => resources).filter(({ target }) => target);
  const asItWas = unchanged.filter(({ changed, totals }) => changed.length === 0 && totals.before === totals.after).length;
  return [
    '## Check',
    '',
    'Check is the element\'s own validator: `runChecks` (src/scim/checks/run-checks.ts), run here with the context BatchChecks',
    '(src/batch/checks.ts) gives it: the target Check picks (the first resource the batch created; for groups, the first',
    'with members), the base URLs, the profile and its dialect, a seeded faker for the round trips, the ids the batch\'s',
    'calls named, and every call sent through `OwnedResources.guard` (src/scim/http/owned.ts) with the element\'s `sendScim`.',
    'Each profile gets two fresh Better Auths of its own: on one, ten users created **inactive** (the element\'s default,',
    '"Create activated users" unticked), Check on the first, then ten groups with those users as members, Check on the',
    'first group with members; on the other, ten users created **active**, Check on the first. Before and after Check the',
    'bench GETs the checked resource and compares the two (`meta` left out, `members` as a set), and reads the endpoint\'s',
    '`totalResults`, where a duplicate left behind would show.',
    '',
    `**In short:** ${results.length} check results over ${unchanged.length} checked resources: ${results.filter(({ outcome }) => outcome === 'pass').length} passed, ${results.filter(({ outcome }) => outcome === 'fail').length} failed,`,
    `${results.filter(({ outcome }) => outcome === 'skipped').length} skipped; ${asItWas} of the ${unchanged.length} resources ended as they were, with as many resources on their endpoint.`,
    '',
    '### Users',
    '',
    ...checkTable(checks, 'Users'),
    '### Groups',
    '',
    ...checkTable(checks, 'Groups'),
    '### Each failure, and who is wrong',
    '',
    ...(failures.length ? failures : ['None: Better Auth passes every check Check ran, in every profile, on users created inactive and active and on groups with members.', '']),
    '### What the passes rest on',
    '',
    ...CHECK_NOTES.filter((note) => note.seen(checks)).flatMap((note) => [`- ${note.text(checks).join('\n  ')}`]),
    '',
  ];
}

/** Writes docs/better-auth.md from the runs; resolves with its path. */
export async function writeReport(runs: readonly ProfileRun[], checks: readonly CheckRun[], readiness: readonly ReadinessRun[]): Promise<string> {
  const [betterAuth, plugin] = await Promise.all([versionOf('better-auth'), versionOf('@better-auth/scim')]);
  const date = new Date().toISOString().slice(0, 10);
  const refusals = runs.flatMap((run) => [...batchRefusals(run), ...run.actions.flatMap((outcome) => actionRefusals(run, outcome))]);
  const refusalTitles = refusals.filter((line) => line.startsWith('### ')).map((line) => line.slice(4));
  const actionOutcomes = runs.flatMap((run) => run.actions.flatMap(({ targets }) => targets));
  const applied = actionOutcomes.filter(({ applied, sideEffects }) => applied === true && sideEffects.length === 0).length;
  const lines = [
    '# Better Auth\'s SCIM plugin: the actions of the days after, Check, and readiness per IdP',
    '',
    `<!-- Generated by \`npm run bench:better-auth\` (bench/better-auth/run.ts); do not edit by hand. -->`,
    '',
    `Measured ${date} against **better-auth ${betterAuth}** with **@better-auth/scim ${plugin}** (Node ${process.versions.node}), on a loopback`,
    'port, data in Better Auth\'s memory adapter, one code-defined SCIM connection with a static bearer token per profile',
    '(the plugin\'s documented setup). For each profile the script creates ten users and ten groups with the element\'s own',
    'record generator, member style and request sequence, then runs **Update** (users), **Remove members** and **Rename**',
    '(groups) through the element\'s action table (`performAction` in src/scim/actions/table.ts, the profile\'s dialect)',
    'and client (`sendScim`), so Better Auth receives exactly the bodies the element sends, followed by the read-back GET.',
    `The plugin's newest release is its ${plugin}, whose exact peer dependencies (better-call, @better-auth/utils) are those of`,
    `better-auth ${plugin}, hence that pair rather than a later better-auth 1.7.x (bench/better-auth/package.json).`,
    '',
    'Each profile runs on a fresh Better Auth of its own: the plugin links every SCIM user to a Better Auth user, whose',
    'e-mail is unique across all connections, so profiles sharing one server collide (409 `uniqueness`) on the e-mails',
    'their seeded generators share.',
    '',
    'The Entra profile runs twice: on the plugin as installed, and with its one documented Entra switch',
    '(`compatibility.microsoftEntra.acceptLegacyGroupSchema`), without which Entra\'s groups are not created at all.',
    '',
    'The section **Check** runs the element\'s own checks against Better Auth in every profile, on batches of their own; the',
    'last, **Readiness**, runs each IdP\'s whole cycle and gives its verdict.',
    '',
    `**In short:** Better Auth was asked for ${actionOutcomes.length} actions on single resources (every profile, each action on every`,
    `resource it applies to); ${applied} were answered 2xx and read back as applied, with nothing else changed.`,
    refusals.length ? `Refusals: ${refusalTitles.join('; ')} (analysed below).` : 'Nothing was refused.',
    '',
    '## The batches the actions act on',
    '',
    ...runs.flatMap((run) => [`- **${profileLabel(run)}**: ${run.batches.map(batchLine).join('. ')}.`]),
    '',
    '## Results',
    '',
    'Per profile and action: the request the element sent (the call that decided the action), the statuses it got for the',
    'resources it acted on, the SCIM error (`scimType: detail`), the read-back verdict (`"…"` stands for each resource\'s value),',
    'and what else the read-back shows changed against a GET the bench sent just before the action (attributes other than',
    'those the action targets; `meta` left out).',
    '',
    '| Profile | Action | Request | Status | SCIM error | Read-back | Else changed |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...runs.flatMap((run) => run.actions.map((outcome) => actionRow(run, outcome))),
    '',
    '## Each refusal, and who is wrong',
    '',
    ...(refusals.length ? refusals : ['None: every call of every action was answered 2xx and read back as applied.', '']),
    '## Accepted, though RFC 7644 words it otherwise',
    '',
    'Where the element (as the IdP it imitates) sends a form the RFC does not spell out, and a stricter server could differ:',
    '',
    ...ACCEPTANCE_NOTES.filter((note) => note.seen(runs)).flatMap((note) => [`- ${note.text.join('\n  ')}`]),
    '',
    ...checkSection(checks),
    ...readinessSection(readiness),
  ];
  await writeFile(REPORT, `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`);
  return fileURLToPath(REPORT);
}
