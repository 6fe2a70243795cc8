import { matchingFilter } from '../sequence';
import { bodyOf } from '../list-response';
import { answered, passed, type Check } from './check';
import { findsTarget, readBack } from './shared-checks';

export const GROUP_CHECKS: Check[] = [
  readBack('group', 'displayName'),
  {
    id: 'lookup',
    name: 'Look the group up by displayName',
    source: 'RFC 7644 §3.4.2.2; Entra matches groups so',
    needs: 'filter',
    run: (context) => findsTarget(context, matchingFilter(context.target.record)),
  },
  {
    id: 'members',
    name: 'Show the members the batch added',
    source: 'RFC 7643 §4.2',
    applies: (target) => target.memberIds.length > 0,
    async run(context) {
      const { memberIds, url } = context.target;
      const call = await context.send({ method: 'GET', url });
      const members = bodyOf(call)?.members;
      const shown = Array.isArray(members) ? members.map((member: { value?: unknown }) => member?.value) : [];
      const missing = memberIds.filter((id) => !shown.includes(id));
      if (call.status === 200 && missing.length === 0) return passed;
      return { fail: `Expected 200 with members [${memberIds.join(', ')}], got ${answered(call)} with [${shown.join(', ')}].` };
    },
  },
];
