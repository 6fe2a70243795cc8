import type { ScimCall } from '../../src/scim/call.ts';
import type { PatchRequest } from '../../src/scim/client.ts';
import { ENTRA_GROUP_SCHEMA } from '../../src/scim/protocol.ts';
import type { BenchAction, ProfileRun } from './bench.ts';

// The analysis of what the run showed, written against better-auth / @better-auth/scim 1.7.5. Each
// finding names the outcome it explains, so the report shows it only while the run still shows that
// outcome; a refusal no finding explains is reported as not analysed.

/** Where a refused call was sent: a batch's create sequence, or an action. */
export interface RefusalContext {
  run: ProfileRun;
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
