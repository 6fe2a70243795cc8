import { SimpleFaker } from '@faker-js/faker';
import { actionTargets } from '../../src/batch/created.ts';
import { ACTIONS, appliesTo, isActionDone, performAction, type ActionKind, type ActionTarget } from '../../src/scim/actions/table.ts';
import type { CallRequest, ScimCall } from '../../src/scim/http/call.ts';
import type { PatchRequest } from '../../src/scim/http/client.ts';
import { createRecordGenerator } from '../../src/scim/generate.ts';
import { jsonBodyOf } from '../../src/scim/http/json.ts';
import { PROFILE_MODULES } from '../../src/scim/profiles/index.ts';
import type { ResourceType } from '../../src/scim/records/schemas.ts';
import type { ProfileName } from '../../src/scim/profiles/names.ts';
import { batchOutcome, leaves, makeSender, runBatch, runGroupBatch, SEED, TOKEN, type BatchOutcome } from './batch.ts';
import { startBetterAuth, type BetterAuthScim } from './server.ts';

// The actions run: each profile's batches made as the element makes them, then Update, Remove
// members and Rename on what they created, through the element's own action table.

/** The three actions of issue 34, on what each applies to. */
export const BENCH_ACTIONS = ['update', 'remove-members', 'rename'] as const satisfies readonly ActionKind[];
export type BenchAction = (typeof BENCH_ACTIONS)[number];

/** How one action went on one resource. */
export interface TargetOutcome {
  decided: ScimCall;
  done: boolean;
  applied?: boolean;
  differences: string[];
  /** What else the read-back shows changed since a GET just before the action: `path: before → after`. */
  sideEffects: string[];
  calls: ScimCall[];
}

/** A refused PATCH's operations sent one by one, to see which the server refuses. */
export interface OperationProbe {
  operation: PatchRequest['Operations'][number];
  call: ScimCall;
}

export interface ActionOutcome {
  profile: ProfileName;
  action: BenchAction;
  targets: TargetOutcome[];
  probes: OperationProbe[];
}

export interface ProfileRun {
  profile: ProfileName;
  /** Whether the run enabled the plugin's documented Entra switch (acceptLegacyGroupSchema). */
  entraSwitch: boolean;
  batches: BatchOutcome[];
  actions: ActionOutcome[];
}

/** The paths each action means to change (RFC 7644 §3.5.2: a PATCH changes what its operations target, and nothing else). */
const MEANT: Record<BenchAction, RegExp> = {
  update: /^(title|name\.familyName|emails\.\d+\.value|urn:ietf:params:scim:schemas:extension:enterprise:2\.0:User\.(department|employeeNumber))$/,
  'remove-members': /^members(\.|$)/,
  rename: /^displayName$/,
};

/** The leaves the action changed, added or removed beyond what it meant to change. */
function sideEffects(action: BenchAction, before: unknown, after: unknown): string[] {
  const was = leaves(before);
  const is = leaves(after);
  return [...new Set([...was.keys(), ...is.keys()])]
    .filter((path) => !MEANT[action].test(path) && was.get(path) !== is.get(path))
    .map((path) => `${path}: ${was.get(path) ?? '(none)'} → ${is.get(path) ?? '(none)'}`);
}

/** Runs one action on every target it applies to, as the action bar's button does, in the profile's dialect. */
async function runAction(profile: ProfileName, action: BenchAction, targets: readonly ActionTarget[], token: string, faker: SimpleFaker): Promise<ActionOutcome> {
  const outcomes: TargetOutcome[] = [];
  for (const target of targets.filter((candidate) => appliesTo(action, candidate))) {
    const calls: ScimCall[] = [];
    const logged = makeSender(token, calls);
    const send = (request: CallRequest) => logged(request, action);
    // The bench's own GET, outside the element's calls: what the resource held before the action.
    const before = jsonBodyOf(await makeSender(token, [])({ method: 'GET', url: target.url }, 'check'));
    const { decided, readBack } = await performAction(action, PROFILE_MODULES[profile].dialect, { target, faker, send });
    const after = readBack ? jsonBodyOf(calls.at(-1) ?? {}) : undefined;
    outcomes.push({
      decided,
      done: isActionDone(action, decided),
      ...(readBack ? { applied: readBack.applied } : {}),
      differences: readBack?.differences ?? [],
      sideEffects: after === undefined ? [] : sideEffects(action, before, after),
      calls,
    });
  }
  const probes = await probeOperations(outcomes, token);
  return { profile, action, targets: outcomes, probes };
}

/**
 * Where a PATCH with more than one operation was refused, sends each of its operations alone to the
 * same resource, so the report can say which one the server refuses (RFC 7644 §3.5.2: a PATCH is
 * atomic, so one refused operation refuses them all).
 */
async function probeOperations(outcomes: readonly TargetOutcome[], token: string): Promise<OperationProbe[]> {
  const refused = outcomes.find(({ decided }) => !decided.ok && decided.request.method === 'PATCH');
  const body = refused?.decided.request.body as PatchRequest | undefined;
  if (!refused || !body || body.Operations.length < 2) return [];
  const send = makeSender(token, []);
  const probes: OperationProbe[] = [];
  for (const operation of body.Operations) {
    const call = await send({ method: 'PATCH', url: refused.decided.request.url, body: { ...body, Operations: [operation] } }, 'check');
    probes.push({ operation, call });
  }
  return probes;
}

async function runProfile(profile: ProfileName, server: BetterAuthScim, token: string, entraSwitch: boolean): Promise<ProfileRun> {
  const { baseUrl } = server;
  const generate = createRecordGenerator(SEED);
  const actionFaker = new SimpleFaker({ seed: SEED + 1 });
  const connection = { baseUrl, token };

  const users = await runBatch(profile, 'Users', generate('Users', { profile, active: true }), [], connection);
  const groups = await runGroupBatch(profile, users, generate('Groups', { profile }), connection);

  const userTargets = actionTargets(`${baseUrl}/Users`, users);
  const groupTargets = actionTargets(`${baseUrl}/Groups`, groups);
  const actions: ActionOutcome[] = [];
  for (const action of BENCH_ACTIONS) {
    const targets = (ACTIONS[action].resourceTypes as readonly ResourceType[]).includes('Users') ? userTargets : groupTargets;
    actions.push(await runAction(profile, action, targets, token, actionFaker));
  }
  return {
    profile,
    entraSwitch,
    batches: [batchOutcome('Users', users, `${baseUrl}/Users`), batchOutcome('Groups', groups, `${baseUrl}/Groups`)],
    actions,
  };
}

/**
 * Runs the actions in one profile on a Better Auth of its own: the plugin links every SCIM user to a
 * Better Auth user, whose e-mail is unique across connections, so profiles sharing one server would
 * collide on the e-mails their seeded generators share.
 */
export async function runActions(profile: ProfileName, acceptEntraGroupSchema: boolean): Promise<ProfileRun> {
  const server = await startBetterAuth({ connections: [{ id: profile, token: TOKEN }], acceptEntraGroupSchema });
  try {
    return await runProfile(profile, server, TOKEN, acceptEntraGroupSchema);
  } finally {
    await server.close();
  }
}
