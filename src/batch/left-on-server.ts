import type { ActionTarget } from '../scim/actions/table';
import { localStorageOf, readStoredObject, type StorageOf } from '../page/stored-object';
import { isJsonObject } from '../scim/http/json';
import { resourceUrl } from '../scim/http/resource-url';
import { scimUrl } from '../scim/http/scim-url';
import { PROFILES, type ProfileName } from '../scim/profiles/names';
import type { MemberUser } from './own-members';

// What the presses of this origin's elements left on each server, Delete's to reach after a reload
// (issue 47: everything the element created can be deleted from the page), kept as a JSON object
// `{ "<base URL>": [LeftPress, …] }`. Storage can be missing or throw (privacy modes, sandboxed
// iframes): that reads as nothing kept, and nothing can be kept.

/** Where it is kept: `localStorage[LEFT_ON_SERVER_STORAGE_NAME]`. */
export const LEFT_ON_SERVER_STORAGE_NAME = 'scim-generator-left-on-server';
/** The newest presses kept per base URL: a page pressed all day must not fill the origin's storage. */
export const KEPT_PRESSES_PER_BASE_URL = 20;

/** A press's resources that Delete can still reach, as kept across page loads. */
export interface LeftPress {
  /** Unique to the press across page loads: the page load's own part, then the press's number. */
  key: string;
  press: number;
  resourceType: 'Users' | 'Groups';
  profile: ProfileName;
  /** Each resource it created and has not deleted, with its item's position; only Delete acts on them. */
  targets: (Pick<ActionTarget, 'id' | 'url' | 'record' | 'memberIds'> & { index: number })[];
  /** The users it created to be its groups' members, not yet deleted. */
  memberUsers: MemberUser[];
}

/** What a press has made that Delete can still reach: its resources not deleted, and its member users (BatchActions.leftOnServer, or what runBatch has made so far). */
export interface Made {
  resourceType: LeftPress['resourceType'];
  targets: readonly LeftPress['targets'][number][];
  memberUsers: readonly MemberUser[];
}

const readAll = (storage: StorageOf) => readStoredObject(LEFT_ON_SERVER_STORAGE_NAME, storage);

const isString = (value: unknown): value is string => typeof value === 'string';

/** Whether `url` is the one URL `resourceUrl` gives the id below the endpoint: a kept press's DELETE goes nowhere else, whatever storage says. */
const urlOf = (endpoint: string, id: unknown, url: unknown): boolean => {
  if (!isString(id)) return false;
  const where = resourceUrl(endpoint, id);
  return 'url' in where && where.url === url;
};

/** The press kept for `baseUrl`, if what storage holds is one: its every URL below its endpoint. */
function leftPressOf(baseUrl: string, value: unknown): LeftPress | undefined {
  if (!isJsonObject(value)) return undefined;
  const { key, press, resourceType, profile, targets, memberUsers } = value;
  if (!isString(key) || typeof press !== 'number' || (resourceType !== 'Users' && resourceType !== 'Groups')) return undefined;
  if (!isString(profile) || !(PROFILES as readonly string[]).includes(profile) || !Array.isArray(targets) || !Array.isArray(memberUsers)) return undefined;
  const endpoint = scimUrl(baseUrl, [resourceType]);
  const users = scimUrl(baseUrl, ['Users']);
  const validTargets = targets.every(
    (target: unknown) =>
      isJsonObject(target) && typeof target.index === 'number' && isJsonObject(target.record) && Array.isArray(target.memberIds) && target.memberIds.every(isString) && urlOf(endpoint, target.id, target.url),
  );
  const validUsers = memberUsers.every((user: unknown) => isJsonObject(user) && isString(user.userName) && isString(user.display) && urlOf(users, user.id, user.url));
  return validTargets && validUsers ? (value as unknown as LeftPress) : undefined;
}

/** The presses kept for `baseUrl`, oldest first; what storage holds that is not one is left out. */
export function leftOnServer(baseUrl: string, storage = localStorageOf): LeftPress[] {
  const all = readAll(storage);
  const kept = Object.hasOwn(all, baseUrl) ? all[baseUrl] : undefined;
  return Array.isArray(kept) ? kept.flatMap((value: unknown) => leftPressOf(baseUrl, value) ?? []) : [];
}

/**
 * Keeps `presses` (each under its base URL) in place of the presses with the keys `replaced`, and
 * drops a base URL with none left; what is kept of other elements, tabs and page loads stays.
 */
export function keepLeftOnServer(replaced: ReadonlySet<string>, presses: readonly { baseUrl: string; press: LeftPress }[], storage = localStorageOf): void {
  try {
    const target = storage();
    if (!target) return;
    const all = readAll(storage);
    const byBaseUrl = new Map<string, unknown[]>();
    for (const [baseUrl, kept] of Object.entries(all)) {
      const others = Array.isArray(kept) ? kept.filter((value: unknown) => !(isJsonObject(value) && isString(value.key) && replaced.has(value.key))) : [];
      byBaseUrl.set(baseUrl, others);
    }
    for (const { baseUrl, press } of presses) byBaseUrl.set(baseUrl, [...(byBaseUrl.get(baseUrl) ?? []), press]);
    const kept = [...byBaseUrl].filter(([, list]) => list.length > 0).map(([baseUrl, list]) => [baseUrl, list.slice(-KEPT_PRESSES_PER_BASE_URL)]);
    if (kept.length === 0) target.removeItem(LEFT_ON_SERVER_STORAGE_NAME);
    else target.setItem(LEFT_ON_SERVER_STORAGE_NAME, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Full or refused: what was kept before stays.
  }
}
