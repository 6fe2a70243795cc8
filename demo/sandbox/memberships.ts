/** A group as the index needs it: its name and its members' ids. */
interface GroupMembers {
  displayName?: string;
  members?: { value: string }[];
}

export interface Membership {
  value: string;
  display?: string;
}

/**
 * Which groups list a member (a User or a Group id) directly: kept up to date on every group
 * write, so a user's read-only `groups` (RFC 7643 §4.1.2) costs what that user's memberships cost,
 * not a scan of every group.
 */
export class MembershipIndex {
  readonly #groupsOf = new Map<string, Map<string, string | undefined>>();

  /** Records that group `groupId` changed from `before` to `after` (either absent: created or deleted). */
  update(groupId: string, before: GroupMembers | undefined, after: GroupMembers | undefined): void {
    for (const { value } of before?.members ?? []) {
      const groups = this.#groupsOf.get(value);
      groups?.delete(groupId);
      if (groups?.size === 0) this.#groupsOf.delete(value);
    }
    for (const { value } of after?.members ?? []) {
      const groups = this.#groupsOf.get(value) ?? new Map<string, string | undefined>();
      groups.set(groupId, after?.displayName);
      this.#groupsOf.set(value, groups);
    }
  }

  /** The groups that list `memberId`, in the order they were last written. */
  groupsOf(memberId: string): Membership[] {
    return [...(this.#groupsOf.get(memberId) ?? [])].map(([value, display]) => ({ value, display }));
  }
}
