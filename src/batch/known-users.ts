import type { ScimCall } from '../scim/http/call';
import { knownUser, type KnownUser } from '../scim/records/members';
import type { ScimRecord } from '../scim/records/schemas';
import { isUser, recordName } from '../scim/records/records';

// Users created by this page, by SCIM base URL: shared by every element of the page, so a Groups
// element can give its groups the members a Users element created a moment ago. Only the newest
// are kept: a page pressed all day must not grow by ten users a press.
export const KEPT_USERS_PER_BASE_URL = 100;
const createdUsers = new Map<string, KnownUser[]>();
// And the ids of the users this page deleted, so that Check does not blame the server for a group
// member gone by the page's own hand; as many kept as a page is likely to have made.
const KEPT_DELETED_IDS = 10 * KEPT_USERS_PER_BASE_URL;
let deletedUserIds: readonly string[] = [];

/**
 * Notes a user a batch created against `baseUrl`: only a `201 Created` with an id. A 200 returned a
 * user the server already had (RFC 7644 §3.3), which no group of the page may take as a member.
 */
export function rememberCreatedUser(baseUrl: string, record: ScimRecord, created: Pick<ScimCall, 'status' | 'id' | 'location'>): void {
  if (!isUser(record) || created.status !== 201 || !created.id) return;
  const user = knownUser(created.id, record.userName, recordName(record), created.location, baseUrl);
  createdUsers.set(baseUrl, [...(createdUsers.get(baseUrl) ?? []), user].slice(-KEPT_USERS_PER_BASE_URL));
}

/** Forgets a user the Delete action removed, so no group takes it as a member, and notes that this page deleted it. */
export function forgetDeletedUser(id: string): void {
  deletedUserIds = [...deletedUserIds.filter((deleted) => deleted !== id), id].slice(-KEPT_DELETED_IDS);
  for (const [baseUrl, users] of createdUsers) {
    createdUsers.set(baseUrl, users.filter((user) => user.id !== id));
  }
}

// And the ids of the users whose DELETE this page is sending: no group takes one meanwhile.
const deleting = new Set<string>();

/** Marks a user whose DELETE is about to be sent, until the returned function is called: no batch takes it as a member meanwhile. */
export function deletingUser(id: string): () => void {
  deleting.add(id);
  return () => deleting.delete(id);
}

/** The users this page created against `baseUrl` and is not deleting, oldest first. */
export function createdUsersAt(baseUrl: string): readonly KnownUser[] {
  return (createdUsers.get(baseUrl) ?? []).filter(({ id }) => !deleting.has(id));
}

/** Whether a Delete action of this page (any element's) deleted the user with this id. */
export const deletedByPage = (id: string): boolean => deletedUserIds.includes(id);
