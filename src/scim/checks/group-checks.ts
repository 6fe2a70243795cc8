import { matchingFilter } from '../flows/sequence';
import { bodyOf } from '../http/list-response';
import { exchange, passed, type Check } from './check';
import { duplicateCheck } from './duplicate';
import { removeMemberRoundTrip, renameRoundTrip } from './round-trips';
import { realGroupName } from './real-values';
import { findsTarget, locationUnderBase, readBack, unknownId, wrongKey } from './shared-checks';

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
    id: 'lookup-without-members',
    name: 'Look the group up without its members, as Entra does',
    source: "RFC 7644 §3.9 (excludedAttributes); Entra's \"Get Group by displayName\"",
    needs: 'filter',
    run: (context) =>
      findsTarget(context, matchingFilter(context.target.record), {
        query: [['excludedAttributes', 'members']],
        besides: (group) => ('members' in group ? 'the group it returned lists members' : undefined),
      }),
  },
  realGroupName,
  duplicateCheck('displayName'),
  unknownId('displayName'),
  wrongKey,
  locationUnderBase,
  {
    id: 'members',
    name: 'Show the members the batch added',
    source: 'RFC 7643 §4.2',
    applies: ({ target }) => target.memberIds.length > 0,
    uses: ({ memberIds }) => memberIds,
    async run(context) {
      const { memberIds, url } = context.target;
      const call = await context.send({ method: 'GET', url });
      const members = bodyOf(call)?.members;
      const shown = Array.isArray(members) ? members.map((member: { value?: unknown }) => member?.value) : [];
      const missing = memberIds.filter((id) => !shown.includes(id));
      if (call.status === 200 && missing.length === 0) return passed;
      return { fail: `Expected 200 with members [${memberIds.join(', ')}]; ${exchange(call)} with [${shown.join(', ')}].` };
    },
  },
  {
    id: 'remove-member',
    name: "Remove a member in the profile's dialect, then add it back",
    source: 'RFC 7644 §3.5.2.2; Entra\'s "Update Group [Remove Members]", Okta\'s Group Push',
    needs: 'patch',
    applies: ({ target }) => target.memberIds.length > 0,
    uses: ({ memberIds }) => memberIds,
    run: removeMemberRoundTrip,
  },
  {
    id: 'rename',
    name: "Rename the group in the profile's dialect, then put the name back",
    source: 'RFC 7644 §3.5.2.3; Entra\'s "Update Group [Non-member attributes]", Okta\'s "Update a specific Group name"',
    needs: 'patch',
    run: renameRoundTrip,
  },
];
