import { SimpleFaker } from '@faker-js/faker';
import { createdResources } from '../../src/batch/created.ts';
import type { ScimCall } from '../../src/scim/http/call.ts';
import type { CheckContext, CheckResult, CheckTarget } from '../../src/scim/checks/check.ts';
import { runChecks } from '../../src/scim/checks/run-checks.ts';
import { createRecordGenerator } from '../../src/scim/generate.ts';
import { isJsonObject, jsonBodyOf } from '../../src/scim/http/json.ts';
import { listResponseOf } from '../../src/scim/http/list-response.ts';
import { OwnedResources } from '../../src/scim/http/owned.ts';
import { PROFILE_MODULES } from '../../src/scim/profiles/index.ts';
import type { ResourceType } from '../../src/scim/records/schemas.ts';
import type { ProfileName } from '../../src/scim/profiles/names.ts';
import { batchOutcome, leaves, makeSender, runBatch, runGroupBatch, SEED, TOKEN, type BatchOutcome, type ItemResult } from './batch.ts';
import { startBetterAuth } from './server.ts';

// Check (the element's `runChecks`) against Better Auth: each profile's batches made as the element
// makes them, then Check on the resource the element would check, with the context and the guard
// BatchChecks (src/batch/checks.ts) gives it, and a GET of that resource before and after.

/** What Check ran on: a user of a batch created inactive (the element's default), one created active, a group with members. */
export const CHECKED = ['users-inactive', 'users-active', 'groups'] as const;
export type CheckedKind = (typeof CHECKED)[number];

/** Check on one resource: its results, and whether the resource (and its endpoint) ended as it was. */
export interface CheckedResource {
  kind: CheckedKind;
  resourceType: ResourceType;
  /** The batch that made the target. */
  batch: BatchOutcome;
  /** What Check read and changed; none when the batch created nothing to check. */
  target?: Pick<CheckTarget, 'id' | 'url' | 'memberIds'> & { active?: unknown };
  results: CheckResult[];
  /** What a GET after Check shows changed against a GET before it (`meta` left out, members as a set): `path: before → after`. */
  changed: string[];
  /** `totalResults` of a GET of the endpoint before and after Check: a duplicate left behind shows here. */
  totals: { before?: number; after?: number };
}

export interface CheckRun {
  profile: ProfileName;
  entraSwitch: boolean;
  resources: CheckedResource[];
  /** What the server's /Schemas (RFC 7643 §7) declares of `uniqueness`, as `Group.displayName` → `server`. */
  uniqueness: Record<string, string>;
}

/** The resource Check reads, as BatchChecks picks it: the first the batch created (a group with members, when it added some). */
function targetOf(resourceType: ResourceType, endpoint: string, results: readonly ItemResult[]): CheckTarget | undefined {
  const candidates = createdResources(endpoint, results).map(({ result, id, url, memberIds }) => ({ resourceType, record: result.record, id, url, memberIds }));
  return candidates.find(({ memberIds }) => memberIds.length > 0) ?? candidates[0];
}

/** A resource as compared before and after: `meta` left out (by `leaves`), members keyed by their value, so their order does not count. */
function comparable(body: unknown): Map<string, string> {
  if (!isJsonObject(body)) return new Map([['(body)', JSON.stringify(body ?? null)]]);
  const { members, ...rest } = body;
  const keyed = Array.isArray(members)
    ? Object.fromEntries(members.map((member: unknown) => (isJsonObject(member) ? [String(member.value), member] : [JSON.stringify(member), true])))
    : members;
  return leaves(members === undefined ? rest : { ...rest, members: keyed });
}

export function differences(before: unknown, after: unknown): string[] {
  const was = comparable(before);
  const is = comparable(after);
  return [...new Set([...was.keys(), ...is.keys()])]
    .filter((path) => was.get(path) !== is.get(path))
    .map((path) => `${path}: ${was.get(path) ?? '(none)'} → ${is.get(path) ?? '(none)'}`);
}

/** Runs Check on what one batch created, as the element's Check button does, and reads the resource before and after. */
async function checkBatch(
  kind: CheckedKind,
  profile: ProfileName,
  resourceType: ResourceType,
  results: readonly ItemResult[],
  baseUrl: string,
  faker: SimpleFaker,
): Promise<CheckedResource> {
  const endpoint = `${baseUrl}/${resourceType}`;
  const batch = batchOutcome(resourceType, results, endpoint);
  const target = targetOf(resourceType, endpoint, results);
  if (!target) return { kind, resourceType, batch, results: [], changed: [], totals: {} };

  // The batch's call log, which Check's calls join: the ids it names are what a duplicate may not be.
  const log: ScimCall[] = results.flatMap(({ calls }) => calls);
  const owned = new OwnedResources(createdResources(endpoint, results).map(({ url }) => url));
  const send = owned.guard(makeSender(TOKEN, log));
  // The bench's own reads, outside the log: what the resource and its endpoint held before and after Check.
  const look = makeSender(TOKEN, []);
  const read = async () => jsonBodyOf(await look({ method: 'GET', url: target.url }, 'check'));
  const total = async () => {
    const list = listResponseOf(await look({ method: 'GET', url: endpoint }, 'check'));
    return 'total' in list ? list.total : undefined;
  };

  const before = await read();
  const totalBefore = await total();
  const context: Omit<CheckContext, 'send'> = {
    target,
    urls: { baseUrl, endpoint },
    profile,
    dialect: PROFILE_MODULES[profile].dialect,
    faker,
    namedIds: () => new Set(log.flatMap(({ id }) => (id === undefined ? [] : [id]))),
    // The bench runs no Delete of the page's own between the batch and Check.
    changedByPage: () => undefined,
    adopt: (url: string) => owned.adopt(url),
  };
  const checked: CheckResult[] = [];
  await runChecks(context, send, { signal: new AbortController().signal, onResult: (result) => checked.push(result) });
  const after = await read();
  return {
    kind,
    resourceType,
    batch,
    target: { id: target.id, url: target.url, memberIds: target.memberIds, ...(isJsonObject(before) ? { active: before.active } : {}) },
    results: checked,
    changed: isJsonObject(before) && isJsonObject(after) ? differences(before, after) : ['(the GET before or after Check did not answer a JSON resource)'],
    totals: { before: totalBefore, after: await total() },
  };
}

/** `uniqueness` of the User and Group attributes the duplicate checks POST again, as the server's /Schemas declares it. */
async function declaredUniqueness(baseUrl: string): Promise<Record<string, string>> {
  const list = listResponseOf(await makeSender(TOKEN, [])({ method: 'GET', url: `${baseUrl}/Schemas` }, 'check'));
  if (!('resources' in list)) return {};
  return Object.fromEntries(
    list.resources.flatMap(({ name, attributes }) =>
      (Array.isArray(attributes) ? attributes : []).flatMap((attribute: unknown) =>
        isJsonObject(attribute) && ['userName', 'displayName'].includes(String(attribute.name)) && typeof attribute.uniqueness === 'string'
          ? [[`${String(name)}.${String(attribute.name)}`, attribute.uniqueness]]
          : [],
      ),
    ),
  );
}

/**
 * Check in one profile, on Better Auths of their own (as the actions run): one where the users are
 * created inactive, as the element's batch does by default, then groups with those users as members;
 * and one where the users are created active ("Create activated users" ticked).
 */
export async function checkProfile(profile: ProfileName, acceptEntraGroupSchema: boolean): Promise<CheckRun> {
  const resources: CheckedResource[] = [];
  let uniqueness: Record<string, string> = {};
  for (const active of [false, true]) {
    const server = await startBetterAuth({ connections: [{ id: profile, token: TOKEN }], acceptEntraGroupSchema });
    try {
      const { baseUrl } = server;
      const connection = { baseUrl, token: TOKEN };
      const generate = createRecordGenerator(SEED);
      const faker = new SimpleFaker({ seed: SEED + 2 });
      if (!active) uniqueness = await declaredUniqueness(baseUrl);
      const users = await runBatch(profile, 'Users', generate('Users', { profile, active }), [], connection);
      resources.push(await checkBatch(active ? 'users-active' : 'users-inactive', profile, 'Users', users, baseUrl, faker));
      if (active) continue;
      const groups = await runGroupBatch(profile, users, generate('Groups', { profile }), connection);
      resources.push(await checkBatch('groups', profile, 'Groups', groups, baseUrl, faker));
    } finally {
      await server.close();
    }
  }
  // In the order the report shows them.
  resources.sort((a, b) => CHECKED.indexOf(a.kind) - CHECKED.indexOf(b.kind));
  return { profile, entraSwitch: acceptEntraGroupSchema, resources, uniqueness };
}
