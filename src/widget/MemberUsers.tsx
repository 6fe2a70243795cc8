import type { MemberUserResult } from '../batch/delete-member-users';
import { parts } from '../public/parts';
import { ActionOutcome } from './ActionOutcome';

/** After a Groups batch's Delete, a line per user the page made to be its groups' members: deleted (read back), or kept and why. */
export function MemberUsers({ users }: { users: readonly MemberUserResult[] }) {
  if (users.length === 0) return null;
  return (
    <ul part={parts('results')}>
      {users.map((user) => (
        <li key={user.resourceId} part={parts('member-user')}>
          Member user {user.userName}
          {'kept' in user ? <span part={parts('action')}> · {user.kept}</span> : <ActionOutcome outcome={user} />}
        </li>
      ))}
    </ul>
  );
}
