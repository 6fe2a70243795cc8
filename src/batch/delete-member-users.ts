import { readBackGone } from '../scim/actions/read-back';
import { isActionDone } from '../scim/actions/table';
import type { CallRequest, ScimCall, SendCall } from '../scim/http/call';
import { deletingUser, forgetDeletedUser } from './known-users';
import { forgetMemberUser, heldElsewhere, type MemberUser } from './own-members';

/** How Delete ended on one user this page created to be the groups' members: kept (and why), or its DELETE and read-back. */
export type MemberUserResult = { resourceId: string; userName: string; calls: ScimCall[] } & (
  | { kept: string }
  | { action: 'delete'; call: ScimCall; done: boolean; applied?: boolean; differences?: string[]; appliedAfterMs?: number }
);

/**
 * Deletes each of `users` that no group of the page still has as a member, then reads it back as
 * the Delete action does (readBackGone: a GET must answer 404, RFC 7644 §3.6). A user still
 * in a group, of this batch (`held`) or of another, is kept and named: deleting it would change that group.
 */
export function deleteMemberUsers(users: readonly MemberUser[], held: () => readonly string[], send: SendCall): Promise<MemberUserResult[]> {
  const ours = held();
  return Promise.all(
    users.map(async ({ id, userName, url }): Promise<MemberUserResult> => {
      const holder = ours.includes(id) ? 'a group of this batch that is not deleted' : heldElsewhere(id, held) ? "a group of another of this page's batches" : undefined;
      if (holder) return { resourceId: id, userName, kept: `Kept: still a member of ${holder}`, calls: [] };
      // From the decision on: a batch picking members now must not take the user (see createdUsersAt).
      const settled = deletingUser(id);
      const calls: ScimCall[] = [];
      const sent = (request: Pick<CallRequest, 'method' | 'url'>) => send(request, 'delete').then((call) => (calls.push(call), call));
      try {
        const decided = await sent({ method: 'DELETE', url });
        const ended = { resourceId: id, userName, action: 'delete' as const, call: decided, calls };
        if (!isActionDone('delete', decided)) return { ...ended, done: false };
        const { applied, differences, appliedAfterMs } = await readBackGone(sent, url, 'user');
        if (!applied) return { ...ended, done: true, applied, differences };
        forgetDeletedUser(id);
        forgetMemberUser(id);
        return { ...ended, done: true, applied, ...(appliedAfterMs ? { appliedAfterMs } : {}) };
      } finally {
        settled();
      }
    }),
  );
}
