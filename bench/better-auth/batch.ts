import { SimpleFaker } from '@faker-js/faker';
import { createdResources } from '../../src/batch/created.ts';
import { assignMembers } from '../../src/batch/members.ts';
import type { CallPurpose, CallRequest, ScimCall, SendCall } from '../../src/scim/http/call.ts';
import { sendScim, type PatchRequest } from '../../src/scim/http/client.ts';
import { isJsonObject } from '../../src/scim/http/json.ts';
import { knownUser, type KnownUser } from '../../src/scim/records/members.ts';
import { PROFILE_MODULES } from '../../src/scim/profiles/index.ts';
import { isUser, recordName } from '../../src/scim/records/records.ts';
import type { ResourceType, ScimRecord } from '../../src/scim/records/schemas.ts';
import type { ProfileName } from '../../src/scim/profiles/names.ts';

// What the actions run (actions.ts) and Check (checks.ts) share: the seed and token, the element's
// client as a SendCall, a batch run as the element runs it, and how the batch went.

export const SEED = 34;
export const TOKEN = `scim-generator-bench-${'x'.repeat(24)}`;
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

/** The element's client (src/scim/http/client.ts) behind the call log's SendCall: every call is kept with its purpose. */
export function makeSender(token: string, log: ScimCall[], item?: number): SendCall {
  return async (request: CallRequest, purpose: CallPurpose) => {
    const result = await sendScim({ apiKey: token, timeoutMs: TIMEOUT_MS, signal: new AbortController().signal, ...request });
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

/** Runs a batch of groups after a batch of users, with the users it created as members, assigned as the element assigns them. */
export async function runGroupBatch(
  profile: ProfileName,
  users: readonly ItemResult[],
  records: ScimRecord[],
  connection: { baseUrl: string; token: string },
): Promise<ItemResult[]> {
  const known: KnownUser[] = users.flatMap(({ status, id, location, record }) =>
    status === 201 && id && isUser(record) ? [knownUser(id, record.userName, recordName(record), location, connection.baseUrl)] : [],
  );
  const plan = assignMembers(records, known, profile, new SimpleFaker({ seed: SEED }));
  return runBatch(profile, 'Groups', plan.records, plan.patches, connection);
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

/** Every leaf of a JSON value by its dotted path (array items by index), `meta` left out: the server keeps it. */
export function leaves(value: unknown, path = '', into = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) value.forEach((item, index) => leaves(item, `${path}.${index}`, into));
  else if (isJsonObject(value)) Object.entries(value).forEach(([key, item]) => key !== 'meta' && leaves(item, path ? `${path}.${key}` : key, into));
  else into.set(path, JSON.stringify(value));
  return into;
}
