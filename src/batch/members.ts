import { SimpleFaker } from '@faker-js/faker';
import type { ScimCall } from '../scim/http/call';
import { listedUsers, type KnownUser } from '../scim/records/members';
import { PROFILE_MODULES } from '../scim/profiles';
import { CUT_BODY } from '../scim/http/cut-body';
import { queryUrl } from '../scim/http/query-url';
import { scimUrl } from '../scim/http/scim-url';
import type { ProfileName, ScimRecord } from '../scim/records/schemas';
import type { SendCall } from '../scim/http/call';
import { TIMED_OUT, type PatchRequest } from '../scim/http/client';
import { keyRefusedAt } from './key-refusals';
import { createdUsersAt } from './known-users';

/** Where a group's members come from, or the answer that stops the batch (401, 429). */
export type MemberLookup = { users: readonly KnownUser[]; note?: string } | { stoppedBy: ScimCall };

const LISTED = 100;

/**
 * The users a Groups batch may take as members: those this page created against `baseUrl`, else
 * the first hundred the server lists (one `GET {base}/Users?count=100`). A 401 or 429 to that GET
 * stops the batch, as it would stop the POSTs; any other failure, a list cut short, or no users at
 * all, means groups without members and a note that says why.
 */
export async function findMembers(baseUrl: string, send: SendCall, timeoutMs: number): Promise<MemberLookup> {
  const created = createdUsersAt(baseUrl);
  if (created.length > 0) return { users: created };

  const listed = await send({ method: 'GET', url: queryUrl(scimUrl(baseUrl, ['Users']), [['count', String(LISTED)]]) }, 'members');
  if (listed.status === 401 || listed.status === 429) return { stoppedBy: listed };
  if (!listed.ok) {
    // A timeout or a network error is no answer: the note must not read as if the server said "0".
    const how = listed.statusText === TIMED_OUT ? `did not answer within ${timeoutMs / 1000} s` : listed.status === 0 ? `got no answer (${listed.statusText})` : `answered ${listed.status} ${listed.statusText}`;
    const key = keyRefusedAt(baseUrl) ? " This page's last call to this server was answered 401 Unauthorized: check the API key." : '';
    return { users: [], note: `Groups created without members: listing the users ${how}.${key}` };
  }
  if (listed.response?.truncated) {
    // A cut body is kept as text, never parsed: it says nothing of how many users the server holds.
    return { users: [], note: `Groups created without members: the list of users was ${CUT_BODY}, so none could be read from it.` };
  }
  const found = listedUsers(listed.response?.body, baseUrl);
  if (found.length === 0) {
    return { users: found, note: 'Groups created without members: the server holds no users yet. Generate Users first.' };
  }
  return { users: found };
}

/** A Groups batch with members: the create bodies, and for IdPs that add members later, each group's PATCH. */
export interface MemberPlan {
  records: ScimRecord[];
  patches: (PatchRequest | undefined)[];
}

const MAX_MEMBERS = 5;
// Members depend on what the server holds, so they are picked apart from the (seedable) record sequence.
const picker = new SimpleFaker();

/** Gives each group 1 to 5 of `users`, the way the profile's IdP does: in the body or by a later PATCH. */
export function assignMembers(
  records: ScimRecord[],
  users: readonly KnownUser[],
  profile: ProfileName,
  faker: SimpleFaker = picker,
): MemberPlan {
  const style = PROFILE_MODULES[profile].members;
  const plan: MemberPlan = { records: [], patches: [] };
  for (const record of records) {
    const members = users.length === 0 ? [] : faker.helpers.arrayElements([...users], { min: 1, max: MAX_MEMBERS });
    const inline = members.length > 0 && 'inline' in style;
    plan.records.push(inline ? { ...record, members: style.inline(members) } : record);
    plan.patches.push(members.length > 0 && 'patch' in style ? style.patch(members) : undefined);
  }
  return plan;
}

export interface MembersOutcome {
  plan: MemberPlan;
  /** The 401 or 429 that answered the user lookup: the batch sends nothing, each item ends with it. */
  stoppedBy?: ScimCall;
  /** Why the groups get no members. */
  note?: string;
}

/** Finds the users a Groups batch may take (see findMembers) and gives each group some of them. */
export async function addMembers(
  records: ScimRecord[],
  { baseUrl, profile, timeoutMs }: { baseUrl: string; profile: ProfileName; timeoutMs: number },
  send: SendCall,
): Promise<MembersOutcome> {
  const found = await findMembers(baseUrl, send, timeoutMs);
  if ('stoppedBy' in found) return { plan: { records, patches: [] }, stoppedBy: found.stoppedBy };
  return { plan: assignMembers(records, found.users, profile), ...(found.note ? { note: found.note } : {}) };
}
