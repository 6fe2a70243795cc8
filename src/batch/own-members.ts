import type { KnownUser } from '../scim/records/members';

// The users this page's Groups batches created to be their groups' members (see findMembers), by
// id with their URL, and what holds them: each Groups batch of the page, as the member ids of its
// groups not deleted. A Groups batch's Delete deletes such a user once no group of the page holds
// it: deleting a user who is still a member would change a group the reader did not ask to change.
const madeAsMembers = new Map<string, string>();
const holds = new Set<() => readonly string[]>();

/** A user the page created to be a member, at `{base-url}/Users/{id}` (see resourceUrl). */
export interface MemberUser extends KnownUser {
  url: string;
}

/** Notes a user findMembers created (201, with the URL the one rule gives it). */
export function rememberMemberUser(id: string, url: string): void {
  madeAsMembers.set(id, url);
}

/** Of `users`, those this page created to be members and has not deleted, with their URLs. */
export function memberUsersOf(users: readonly KnownUser[]): MemberUser[] {
  return users.flatMap((user) => {
    const url = madeAsMembers.get(user.id);
    return url === undefined ? [] : [{ ...user, url }];
  });
}

/** A batch's hold on its groups' members: `held` gives the member ids of its groups not deleted, now. */
export function holdMembers(held: () => readonly string[]): void {
  holds.add(held);
}

/**
 * Holds the users a Groups batch has just picked to take members from, until the returned function
 * is called, when its actions hold its groups' members (see BatchActions): an earlier press's Delete
 * running meanwhile must not delete a user the batch's groups are about to take.
 */
export function holdPicked(ids: readonly string[]): () => void {
  const picked = () => ids;
  holds.add(picked);
  return () => holds.delete(picked);
}

/** Whether a group of another Groups batch of this page (not `own`) still has the user as a member. */
export function heldElsewhere(id: string, own: () => readonly string[]): boolean {
  for (const held of holds) {
    const ids = held();
    // A batch whose groups hold nobody never will again (members are only ever removed): let it go.
    if (ids.length === 0) holds.delete(held);
    else if (held !== own && ids.includes(id)) return true;
  }
  return false;
}

/** The user is deleted: no batch takes it again. */
export function forgetMemberUser(id: string): void {
  madeAsMembers.delete(id);
}
