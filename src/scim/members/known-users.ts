import type { ScimResult } from '../client';
import { isUser, recordName, type ScimRecord } from '../schemas';

/** A user that exists on a server, as a group member needs it. */
export interface KnownUser {
  id: string;
  userName: string;
  /** displayName, else name.formatted, else userName. */
  display: string;
  /** Absolute URL of the user resource, when the server gave one. */
  location?: string;
}

// Users created by this page, by SCIM base URL: shared by every element of the page, so a Groups
// element can give its groups the members a Users element created a moment ago. Only the newest
// are kept, as many as the fallback lookup reads (`GET /Users?count=100`): a page pressed all day
// must not grow by ten users a press.
export const KEPT_USERS_PER_BASE_URL = 100;
const createdUsers = new Map<string, KnownUser[]>();

/** Notes a user a batch created against `baseUrl` (only successful calls that returned an id). */
export function rememberCreatedUser(baseUrl: string, record: ScimRecord, result: ScimResult): void {
  if (!isUser(record) || !result.ok || !result.id) return;
  const user = knownUser(result.id, record.userName, recordName(record), result.location, baseUrl);
  createdUsers.set(baseUrl, [...(createdUsers.get(baseUrl) ?? []), user].slice(-KEPT_USERS_PER_BASE_URL));
}

/** Forgets a user the Delete action removed (an action result: `delete`, done), so no group takes it as a member. */
export function forgetDeletedUser(actionResult: { action?: unknown; done?: unknown; resourceId?: unknown }): void {
  if (actionResult.action !== 'delete' || actionResult.done !== true) return;
  for (const [baseUrl, users] of createdUsers) {
    createdUsers.set(baseUrl, users.filter((user) => user.id !== actionResult.resourceId));
  }
}

/** The users this page created against `baseUrl`, oldest first. */
export function createdUsersAt(baseUrl: string): readonly KnownUser[] {
  return createdUsers.get(baseUrl) ?? [];
}

export function knownUser(id: string, userName: string, display: string, location: string | undefined, baseUrl: string): KnownUser {
  const absolute = location ? absoluteUrl(location, baseUrl) : undefined;
  return { id, userName, display, ...(absolute ? { location: absolute } : {}) };
}

function absoluteUrl(location: string, baseUrl: string): string | undefined {
  try {
    return new URL(location, baseUrl).href;
  } catch {
    return undefined;
  }
}
