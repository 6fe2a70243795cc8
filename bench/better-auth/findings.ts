import type { ScimCall } from '../../src/scim/http/call.ts';
import type { PatchRequest } from '../../src/scim/http/client.ts';
import { ENTRA_GROUP_SCHEMA } from '../../src/scim/protocol.ts';
import type { CheckResult } from '../../src/scim/checks/check.ts';
import { jsonBodyOf } from '../../src/scim/http/json.ts';
import type { BenchAction, ProfileRun } from './actions.ts';
import type { CheckedResource, CheckRun } from './checks.ts';

// The analysis of what the run showed, written against better-auth / @better-auth/scim 1.7.5. Each
// finding names the outcome it explains, so the report shows it only while the run still shows that
// outcome; a refusal no finding explains is reported as not analysed.

/** Where a refused call was sent: a batch's create sequence, or an action (of the actions run, or of a readiness run). */
export interface RefusalContext {
  run: Pick<ProfileRun, 'profile' | 'entraSwitch'>;
  during: 'Users' | 'Groups' | BenchAction;
  call: ScimCall;
}

interface RefusalFinding {
  explains(context: RefusalContext): boolean;
  text: string[];
}

const schemasOf = (call: ScimCall) => ((call.request.body as { schemas?: unknown } | undefined)?.schemas ?? []) as unknown[];

export const REFUSAL_FINDINGS: readonly RefusalFinding[] = [
  {
    explains: ({ run, during, call }) =>
      run.profile === 'entra' && during === 'Groups' && call.status === 400 && call.request.method === 'POST' && schemasOf(call).includes(ENTRA_GROUP_SCHEMA),
    text: [
      `**Neither breaks RFC 7644; Entra's own request is the non-standard part, and Better Auth has a documented switch for it.**`,
      `The element sends Microsoft's "Create Group" request as the Entra tutorial shows it: \`schemas\` lists the core Group`,
      `schema and \`${ENTRA_GROUP_SCHEMA}\`, a URN that no SCIM schema defines and that Better Auth does not`,
      'declare as a Group extension (its `/ResourceTypes/Group` has no `schemaExtensions`, RFC 7643 §6). RFC 7643 §3 has',
      '`schemas` name the schemas "that define the attributes present"; nothing obliges a server to accept a URN it does not',
      'publish, and 400 `invalidValue` is a fitting RFC 7644 §3.12 answer. So the plugin is within the RFC, and the element',
      'is right to send what Entra sends (that is the point of the profile). Better Auth opts in to Entra\'s form with',
      '`compatibility: { microsoftEntra: { acceptLegacyGroupSchema: true } }`; with it (the "entra + Entra switch" rows)',
      'every Entra group is created and all three actions apply. Without it an Entra tenant cannot push groups at all, so',
      'Remove members and Rename have nothing to act on in the plain "entra" rows.',
    ],
  },
];

/** The findings that explain one refusal. */
export function findingsFor(context: RefusalContext): string[] {
  return REFUSAL_FINDINGS.filter((finding) => finding.explains(context)).flatMap((finding) => finding.text);
}

/** An action of a profile that ran on every target and was read back as applied each time. */
function appliedEverywhere(runs: readonly ProfileRun[], profile: ProfileRun['profile'], action: BenchAction, entraSwitch = false): boolean {
  const outcome = runs.find((run) => run.profile === profile && run.entraSwitch === entraSwitch)?.actions.find((candidate) => candidate.action === action);
  return !!outcome && outcome.targets.length > 0 && outcome.targets.every(({ applied, sideEffects }) => applied === true && sideEffects.length === 0);
}

const operationsOf = (runs: readonly ProfileRun[], profile: ProfileRun['profile'], action: BenchAction, entraSwitch = false) =>
  ((runs.find((run) => run.profile === profile && run.entraSwitch === entraSwitch)?.actions.find((candidate) => candidate.action === action)
    ?.targets[0]?.decided.request.body as PatchRequest | undefined)?.Operations ?? []);

interface AcceptanceNote {
  seen(runs: readonly ProfileRun[]): boolean;
  text: string[];
}

/** What Better Auth accepted although RFC 7644 words it otherwise, or leaves it open: where a stricter server would differ. */
export const ACCEPTANCE_NOTES: readonly AcceptanceNote[] = [
  {
    seen: (runs) =>
      appliedEverywhere(runs, 'entra', 'remove-members', true) &&
      operationsOf(runs, 'entra', 'remove-members', true).some(({ op, path, value }) => op === 'Remove' && path === 'members' && value !== undefined),
    text: [
      '**Entra\'s Remove members** (`Remove`, path `members`, the member in `value`) is not RFC 7644\'s form: §3.5.2.2 takes',
      'what to remove from the path alone, and says that a multi-valued attribute named without a filter is removed with all',
      'its values. A server that reads the RFC literally empties the group. Better Auth removes only the listed member and',
      'keeps the others (it empties the group only for a `remove` of `members` without `value`), which is what Entra means.',
      'The element is faithful to Microsoft\'s "Update Group [Remove Members]" request, and its read-back already names the',
      'literal reading ("the server also dropped N other members").',
    ],
  },
  {
    seen: (runs) =>
      appliedEverywhere(runs, 'entra', 'update') && operationsOf(runs, 'entra', 'update').some(({ op }) => op === 'Replace'),
    text: [
      '**Entra\'s capitalised `Replace` and `Remove`**: RFC 7644 §3.5.2 spells `op` as "add", "remove" or "replace" and,',
      'unlike attribute names (RFC 7643 §2.1), does not call it case-insensitive. Better Auth lower-cases `op` before it',
      'checks it, as Microsoft\'s SCIM tutorial asks of servers (Entra emits `Add`, `Replace` and `Remove`).',
    ],
  },
  {
    seen: (runs) => appliedEverywhere(runs, 'entra', 'update') || appliedEverywhere(runs, 'full', 'update'),
    text: [
      '**Filtered and extension paths** in Update (`emails[type eq "work"].value`, `urn:…:enterprise:2.0:User:department`)',
      'are RFC 7644 §3.5.2 `valuePath` and §3.10 URN-qualified attribute paths on RFC 7643 §4.1 and §4.3 attributes; Better',
      'Auth applies them, and the read-back shows the home e-mail (full profile) and every other attribute unchanged.',
    ],
  },
  {
    seen: (runs) => appliedEverywhere(runs, 'okta', 'rename') && operationsOf(runs, 'okta', 'rename').some(({ path }) => path === undefined),
    text: [
      '**Okta\'s Rename** is a path-less `replace` (RFC 7644 §3.5.2.3: the value then holds the attributes to replace) whose',
      'value also carries `id`, a readOnly attribute (RFC 7643 §3.1). Better Auth ignores an `id` equal to the group\'s own',
      'and answers 400 `mutability` (RFC 7644 §3.12) to any other, a reasonable reading: the value asks for no change of `id`.',
    ],
  },
  {
    seen: (runs) => appliedEverywhere(runs, 'okta', 'update'),
    text: [
      '**Okta\'s Update** is a GET then a PUT of the whole user as the server returned it, with the changes (RFC 7644 §3.5.1).',
      'The body carries `id` and `meta`, whose values §3.5.1 has the server ignore (readOnly); Better Auth does, and keeps',
      'every attribute the PUT sends back unchanged: no attribute is dropped.',
    ],
  },
];

// ---- Check (the element's runChecks) against Better Auth ----------------------------------------

/** One failed check: where it ran, and what it reported. */
export interface CheckFailure {
  run: CheckRun;
  resource: CheckedResource;
  result: CheckResult;
}

interface CheckFinding {
  explains(failure: CheckFailure): boolean;
  text: string[];
}

const failed = (id: string, resourceType?: CheckedResource['resourceType']) => ({ resource, result }: CheckFailure) =>
  result.id === id && (resourceType === undefined || resource.resourceType === resourceType);

/**
 * Who is wrong when Better Auth fails a check: written for each check, so that a later release that
 * fails one is explained at once. Each verdict cites the RFC; where the element's check asks for more
 * than the RFC does, it says so.
 */
export const CHECK_FINDINGS: readonly CheckFinding[] = [
  {
    explains: failed('read-back'),
    text: ['**The server is wrong** if the GET of a resource it answered 201 for is not 200 with the name sent: RFC 7644 §3.4.1 (retrieving a known resource) and §3.3 (the 201 body is the resource as created).'],
  },
  {
    explains: failed('lookup'),
    text: ['**The server is wrong**: its ServiceProviderConfig says `filter` is supported (else the check is skipped), and RFC 7644 §3.4.2.2 has `eq` on `userName`/`displayName` return exactly the resources whose value equals the one given.'],
  },
  {
    explains: failed('lookup-ignoring-case'),
    text: ['**The server is wrong**, unless its /Schemas declares `userName` `caseExact: true`: RFC 7643 §4.1.1 makes `userName` case-insensitive (`caseExact: false`, §8.7.1), and RFC 7644 §3.4.2.2 has filters compare by the attribute\'s `caseExact`. Okta\'s Spec Test asks the same.'],
  },
  {
    explains: (failure) => failed('duplicate', 'Users')(failure),
    text: ['**The server is wrong**: RFC 7643 §4.1.1 has `userName` unique across the service provider\'s Users (`uniqueness: server`, §8.7.1), and RFC 7644 §3.3 answers a create that would break it with 409 and `scimType` `uniqueness` (§3.12, Table 9).'],
  },
  {
    explains: (failure) => failed('duplicate', 'Groups')(failure) && failure.run.profile !== 'entra',
    text: [
      '**The element is stricter than the RFC** unless the server declares `Group.displayName` `uniqueness: server` in its /Schemas: RFC 7643 §8.7.1',
      'gives `displayName` `uniqueness: none`, and RFC 7644 §3.3 asks for 409 only when the server finds that the create conflicts. Only Entra',
      'requires unique group names; in this profile a server that accepts a second group of the same name is within the RFC.',
    ],
  },
  {
    explains: (failure) => failed('duplicate', 'Groups')(failure) && failure.run.profile === 'entra',
    text: ['**The server falls short of Entra, not of the RFC**: Entra requires unique group names and relies on 409 `uniqueness` (RFC 7644 §3.3) to find a group it already pushed, but RFC 7643 §8.7.1 gives `displayName` `uniqueness: none`.'],
  },
  {
    explains: failed('unknown-id'),
    text: ['**The server is wrong**: RFC 7644 §3.12 answers a resource that does not exist with 404 and a body with the `urn:ietf:params:scim:api:messages:2.0:Error` schema.'],
  },
  {
    explains: failed('paging'),
    text: ['**The server is wrong**: RFC 7644 §3.4.2.4 has it return at most `count` results (it may return fewer) starting at the 1-based `startIndex`, and echo `startIndex` in the ListResponse.'],
  },
  {
    explains: failed('projection'),
    text: ['**The server is wrong**: RFC 7644 §3.9 has `attributes` override the default set, so that only the attributes named (and those `returned: always`, such as `id`) come back; `emails` is `returned: default` (RFC 7643 §8.7.1).'],
  },
  {
    explains: failed('lookup-without-members'),
    text: ['**The server is wrong**: RFC 7644 §3.9 has `excludedAttributes` remove `members` (`returned: default`, RFC 7643 §8.7.1) from the resources a query returns; Entra sends this query on every group lookup.'],
  },
  {
    explains: failed('work-email-lookup'),
    text: ['**Neither is wrong by the RFC**: `emails[type eq "work"].value eq "…"` is Entra\'s form, not RFC 7644 §3.4.2.2\'s filter grammar (a `valuePath` takes no sub-attribute after its brackets in a filter). The failure names Entra\'s requirement, as the line says.'],
  },
  {
    explains: (failure) => ['deactivate', 'update', 'rename', 'remove-member'].includes(failure.result.id) && failure.run.profile === 'entra',
    text: ['**Read the line first**: Entra\'s dialect sends capitalised `op`s and `active` as the strings "True"/"False", neither of which RFC 7644 §3.5.2 or RFC 7643 §2.3.2 (booleans are JSON `true`/`false`) defines. A server that refuses them is within the RFC; one that answers 2xx and does not apply them is not (§3.5.2: the PATCH is applied, or refused with an error).'],
  },
  {
    explains: (failure) => ['deactivate', 'update', 'rename', 'remove-member'].includes(failure.result.id) && failure.run.profile !== 'entra',
    text: ['**The server is wrong** if it answered 2xx and the read-back does not show the change: RFC 7644 §3.5.2 applies a PATCH\'s operations atomically or refuses it with an error (§3.12); a refusal of the profile\'s form is weighed in the actions\' analysis above.'],
  },
  {
    explains: (failure) => failed('partial-put')(failure) && /^PUT without displayName\b/.test(failure.result.reason ?? ''),
    text: [
      '**Neither is wrong by the RFC, but the IdPs that update by PUT lose a change**: RFC 7644 §3.5.1 lets a server treat a',
      'readWrite attribute a PUT leaves out as "not asserted", and then clear it or give it a default (both MAY). Better Auth',
      'cleared the attribute the check left out for the okta and onelogin users (one before `displayName` in its list), but',
      'keeps `displayName`. Ping and authentik send the whole user on every update, so a display name',
      'removed in the IdP is never removed here; the element names it, and the check puts the value back.',
    ],
  },
  {
    explains: failed('members'),
    text: ['**The server is wrong**: RFC 7643 §4.2 has a group list its `members` (`returned: default`), and the batch\'s create or members PATCH was answered 2xx.'],
  },
];

/** The findings that explain one failed check. */
export function checkFindingsFor(failure: CheckFailure): string[] {
  return CHECK_FINDINGS.filter((finding) => finding.explains(failure)).flatMap((finding) => finding.text);
}

const resultsOf = (checks: readonly CheckRun[], id: string, where: (run: CheckRun, resource: CheckedResource) => boolean = () => true) =>
  checks.flatMap((run) => run.resources.filter((resource) => where(run, resource)).flatMap(({ results }) => results.filter((result) => result.id === id)));

const allPassed = (results: readonly CheckResult[]) => results.length > 0 && results.every(({ outcome }) => outcome === 'pass');

/** Users' paging calls whose second page (startIndex 2, count 1) is not the first page's second resource. */
export function inconsistentPages(checks: readonly CheckRun[]): number {
  const ids = (call: ScimCall | undefined) => (((jsonBodyOf(call ?? {}) as { Resources?: { id?: unknown }[] } | undefined)?.Resources ?? []).map(({ id }) => id));
  return resultsOf(checks, 'paging').filter(({ calls }) => ids(calls[0])[1] === undefined || ids(calls[0])[1] !== ids(calls[1])[0]).length;
}

interface CheckNote {
  seen(checks: readonly CheckRun[]): boolean;
  text(checks: readonly CheckRun[]): string[];
}

/** What Better Auth's passes rest on: where the element's check asks more, or less, than the RFC. */
export const CHECK_NOTES: readonly CheckNote[] = [
  {
    seen: (checks) => allPassed(resultsOf(checks, 'duplicate', (run, resource) => resource.resourceType === 'Groups' && run.profile !== 'entra')),
    text: (checks) => [
      '**Duplicate group names: the element is stricter than the RFC, and Better Auth passes by its own choice.** Check POSTs the',
      'group again in every profile and expects 409 `uniqueness`, but RFC 7643 §8.7.1 gives the Group `displayName`',
      '`uniqueness: none`; only Entra requires unique group names. Better Auth\'s /Schemas declares',
      `\`Group.displayName\` \`uniqueness: ${checks.find(({ uniqueness }) => uniqueness['Group.displayName'])?.uniqueness['Group.displayName'] ?? '(not declared)'}\` and enforces it (409 \`uniqueness\`, RFC 7644 §3.3),`,
      'so it passes; an RFC-conformant server that allows two groups of one name would fail this check in basic, full and',
      'okta, a false alarm there (duplicateCheck(\'displayName\') in src/scim/checks/group-checks.ts runs in every profile).',
    ],
  },
  {
    seen: (checks) => allPassed(resultsOf(checks, 'deactivate', (_, resource) => resource.kind === 'users-inactive')),
    text: () => [
      '**Deactivation on a user created inactive** (the element\'s default): Check first PATCHed `active` true and read it back,',
      'then false, so Better Auth was seen to apply both values (RFC 7644 §3.5.2), not merely to keep a user that was',
      'inactive already; the users created active were deactivated, read back, and reactivated.',
    ],
  },
  {
    seen: (checks) => {
      const results = resultsOf(checks, 'deactivate', (run) => run.profile === 'entra');
      const sentAsString = ({ request }: ScimCall) =>
        ((request.body as PatchRequest | undefined)?.Operations ?? []).some(({ path, value }) => path === 'active' && typeof value === 'string');
      return allPassed(results) && results.some(({ calls }) => calls.some(sentAsString));
    },
    text: () => [
      '**Entra\'s `active` as a string**: Entra\'s deactivation sends `{"op": "Replace", "path": "active", "value": "False"}`. RFC',
      '7643 §2.3.2 has booleans as JSON `true`/`false`, so a strict server may refuse the string (400 `invalidValue`, RFC 7644',
      '§3.12); Microsoft lists it among Entra\'s known deviations from the RFC. Better Auth coerces "True"/"False", applies',
      'them, and reads `active` back as a JSON boolean.',
    ],
  },
  {
    seen: (checks) => allPassed(resultsOf(checks, 'work-email-lookup')),
    text: () => [
      '**Entra\'s e-mail lookup** `emails[type eq "work"].value eq "…"` is not in RFC 7644 §3.4.2.2\'s filter grammar (a `valuePath`',
      'ends at its brackets there; the sub-attribute after them is PATCH path syntax, §3.5.2). Better Auth evaluates it and',
      'finds exactly the user, so it passes the check that Entra, not the RFC, sets.',
    ],
  },
  {
    seen: (checks) => allPassed(resultsOf(checks, 'paging')),
    text: (checks) => [
      '**Paging passes on less than it claims.** The element\'s check asks only that each page echo `startIndex` and hold at',
      'most `count` resources (RFC 7644 §3.4.2.4); it does not compare the pages, so a server that ignores `startIndex` but',
      'echoes it would pass. The bench compared them itself:',
      inconsistentPages(checks) === 0
        ? 'on every run Better Auth\'s page `startIndex=2&count=1` is the second resource of `startIndex=1&count=2`.'
        : `on ${inconsistentPages(checks)} run(s) page \`startIndex=2&count=1\` is NOT the second resource of \`startIndex=1&count=2\`: a server fault the check did not catch.`,
    ],
  },
];
