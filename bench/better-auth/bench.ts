import { SimpleFaker } from '@faker-js/faker';
import { createdResources } from '../../src/batch/created.ts';
import { assignMembers } from '../../src/batch/members.ts';
import { ACTIONS, appliesTo, isActionDone, performAction, type ActionKind, type ActionTarget } from '../../src/scim/actions/table.ts';
import type { CallPurpose, CallRequest, ScimCall, SendCall } from '../../src/scim/call.ts';
import { sendScim, type PatchRequest } from '../../src/scim/client.ts';
import { isJsonObject, jsonBodyOf } from '../../src/scim/json.ts';
import { createRecordGenerator } from '../../src/scim/generate.ts';
import { knownUser, type KnownUser } from '../../src/scim/members.ts';
import { PROFILE_MODULES } from '../../src/scim/profiles/index.ts';
import { isUser, recordName } from '../../src/scim/records.ts';
import { PROFILES, type ProfileName, type ResourceType, type ScimRecord } from '../../src/scim/schemas.ts';
import { writeReport } from './report.ts';
import { checkProfile, type CheckRun } from './checks.ts';
import { startBetterAuth, type BetterAuthScim } from './server.ts';

/** The three actions of issue 34, on what each applies to. */
export const BENCH_ACTIONS = ['update', 'remove-members', 'rename'] as const satisfies readonly ActionKind[];
export type BenchAction = (typeof BENCH_ACTIONS)[number];

export const SEED = 34;
const TIMEOUT_MS = 30_000;

/** How one batch's creates went (the element's sequence for the profile, item by item). */
export interface BatchOutcome {
  resourceType: ResourceType;
  created: number;
  total: number;
  /** Statuses of the calls that decided the items, e.g. `{ 201: 10 }`. */
  statuses: Record<string, number>;
  firstFailure?: ScimCall;
  /** Groups: how many the batch gave members to (in the create body or by the members PATCH that succeeded). */
  withMembers?: number;
}

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

/** The element's client (src/scim/client.ts) behind the call log's SendCall: every call is kept with its purpose. */
export function makeSender(token: string, log: ScimCall[], item?: number): SendCall {
  return async (request: CallRequest, purpose: CallPurpose) => {
    const result = await sendScim({ ...request, apiKey: token, timeoutMs: TIMEOUT_MS, signal: new AbortController().signal });
    const call: ScimCall = { ...result, purpose, ...(item === undefined ? {} : { item }) };
    log.push(call);
    return call;
  };
}

export interface ItemResult {
  index: number;
  status: number;
  id?: string;
  location?: string;
  record: ScimRecord;
  calls: ScimCall[];
}

/** Runs one batch as the element does: each record through the profile's sequence for its type. */
export async function runBatch(
  profile: ProfileName,
  resourceType: ResourceType,
  records: readonly ScimRecord[],
  patches: readonly (PatchRequest | undefined)[],
  { baseUrl, token }: { baseUrl: string; token: string },
): Promise<ItemResult[]> {
  const sequence = PROFILE_MODULES[profile].sequences[resourceType];
  const results: ItemResult[] = [];
  // One item at a time: the memory adapter resolves concurrent writes to one row last-writer-wins.
  for (const [index, record] of records.entries()) {
    const calls: ScimCall[] = [];
    const urls = { baseUrl, endpoint: `${baseUrl}/${resourceType}` };
    const { decided } = await sequence({ record, membersPatch: patches[index], urls, send: makeSender(token, calls, index) });
    results.push({ index, status: decided.status, id: decided.id, location: decided.location, record, calls });
  }
  return results;
}

export function batchOutcome(resourceType: ResourceType, results: readonly ItemResult[], endpoint: string): BatchOutcome {
  const statuses: Record<string, number> = {};
  results.forEach(({ status }) => (statuses[status] = (statuses[status] ?? 0) + 1));
  const created = createdResources(endpoint, results);
  const failed = results.find(({ status }) => status !== 201);
  const firstFailure = failed?.calls.find((call) => !call.ok) ?? failed?.calls.at(-1);
  return {
    resourceType,
    created: created.length,
    total: results.length,
    statuses,
    ...(firstFailure ? { firstFailure } : {}),
    ...(resourceType === 'Groups' ? { withMembers: created.filter(({ memberIds }) => memberIds.length > 0).length } : {}),
  };
}

function targetsOf(endpoint: string, results: readonly ItemResult[]): ActionTarget[] {
  return createdResources(endpoint, results).map(({ result, id, url, memberIds }) => ({
    id,
    url,
    record: result.record,
    memberIds,
    deactivated: false,
    deleted: false,
  }));
}

/** Every leaf of a JSON value by its dotted path (array items by index), `meta` left out: the server keeps it. */
export function leaves(value: unknown, path = '', into = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) value.forEach((item, index) => leaves(item, `${path}.${index}`, into));
  else if (isJsonObject(value)) Object.entries(value).forEach(([key, item]) => key !== 'meta' && leaves(item, path ? `${path}.${key}` : key, into));
  else into.set(path, JSON.stringify(value));
  return into;
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
  const picker = new SimpleFaker({ seed: SEED });
  const actionFaker = new SimpleFaker({ seed: SEED + 1 });
  const connection = { baseUrl, token };

  const users = await runBatch(profile, 'Users', generate('Users', { profile, active: true }), [], connection);
  const known: KnownUser[] = users.flatMap(({ status, id, location, record }) =>
    status === 201 && id && isUser(record) ? [knownUser(id, record.userName, recordName(record), location, baseUrl)] : [],
  );
  const plan = assignMembers(generate('Groups', { profile }), known, profile, picker);
  const groups = await runBatch(profile, 'Groups', plan.records, plan.patches, connection);

  const userTargets = targetsOf(`${baseUrl}/Users`, users);
  const groupTargets = targetsOf(`${baseUrl}/Groups`, groups);
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

export const TOKEN = `scim-generator-bench-${'x'.repeat(24)}`;

/**
 * Runs one profile on a Better Auth of its own: the plugin links every SCIM user to a Better Auth
 * user, whose e-mail is unique across connections, so profiles sharing one server would collide on
 * the e-mails their seeded generators share.
 */
async function onOwnServer(profile: ProfileName, acceptEntraGroupSchema: boolean): Promise<ProfileRun> {
  const server = await startBetterAuth({ connections: [{ id: profile, token: TOKEN }], acceptEntraGroupSchema });
  try {
    return await runProfile(profile, server, TOKEN, acceptEntraGroupSchema);
  } finally {
    await server.close();
  }
}

export async function main(): Promise<void> {
  const runs: ProfileRun[] = [];
  const checks: CheckRun[] = [];
  for (const profile of PROFILES) {
    console.log(`Better Auth: ${profile}…`);
    runs.push(await onOwnServer(profile, false));
    checks.push(await checkProfile(profile, false));
  }
  // Entra once more with the plugin's documented Entra compatibility switch, which lets Entra's
  // groups be created at all, so that its group actions and checks have something to act on.
  console.log('Better Auth: entra, with compatibility.microsoftEntra.acceptLegacyGroupSchema…');
  runs.push(await onOwnServer('entra', true));
  checks.push(await checkProfile('entra', true));
  const written = await writeReport(runs, checks);
  console.log(`Wrote ${written}.`);
}
