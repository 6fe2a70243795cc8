import { SimpleFaker } from '@faker-js/faker';
import type { ScimCall } from '../scim/http/call';
import type { KnownUser } from '../scim/records/members';
import { PROFILE_MODULES } from '../scim/profiles';
import { generateRecords } from '../scim/generate';
import { scimUrl } from '../scim/http/scim-url';
import type { ScimRecord } from '../scim/records/schemas';
import type { ProfileName } from '../scim/profiles/names';
import type { SendCall } from '../scim/http/call';
import { TIMED_OUT, type PatchRequest } from '../scim/http/client';
import { resourceUrl } from '../scim/http/resource-url';
import { keyRefusedAt } from './key-refusals';
import { createdUsersAt, rememberCreatedUser } from './known-users';
import { holdPicked, rememberMemberUser } from './own-members';

/**
 * Where a group's members come from, held from the moment they are picked until `release` (see
 * holdPicked), or the answer that stops the batch (401, 429).
 */
export type MemberLookup = { users: readonly KnownUser[]; release: () => void; note?: string } | { stoppedBy: ScimCall };

/** How many users a Groups batch creates to be members when this page has created none. */
export const OWN_MEMBERS = 5;

/**
 * The users a Groups batch may take as members: only users this page created against `baseUrl`.
 * Where there are none, the batch creates its own (OWN_MEMBERS users of the profile, inactive, so
 * they grant nothing, at the batch's e-mail domain) and says so: a user the server already held is never made a member, since in
 * a real tenant that would give a real employee whatever access a fake group grants. A 401 or 429
 * to those POSTs stops the batch, as it would stop the groups' POSTs; any other failure means groups
 * without members and a note that says why. The users it creates are noted as made to be members
 * (see own-members.ts): the Delete of a Groups batch that used them deletes them too.
 */
export async function findMembers(baseUrl: string, profile: ProfileName, send: SendCall, timeoutMs: number, emailDomain?: string): Promise<MemberLookup> {
  const created = createdUsersAt(baseUrl);
  if (created.length > 0) return picked(created);

  const endpoint = scimUrl(baseUrl, ['Users']);
  const records = generateRecords('Users', { profile, active: false, emailDomain }).slice(0, OWN_MEMBERS);
  const calls = await Promise.all(records.map((record) => send({ method: 'POST', url: endpoint, body: record }, 'members')));
  // Before a 401 or 429 stops the batch: what the others created is the page's all the same, for a later batch to take and delete.
  calls.forEach((call, index) => {
    rememberCreatedUser(baseUrl, records[index] as ScimRecord, call);
    const where = call.status === 201 && call.id ? resourceUrl(endpoint, call.id, call.location) : undefined;
    if (where && 'url' in where && call.id) rememberMemberUser(call.id, where.url);
  });
  const stoppedBy = calls.find(({ status }) => status === 401 || status === 429);
  if (stoppedBy) return { stoppedBy };
  const users = createdUsersAt(baseUrl);
  if (users.length === 0) {
    const [first] = calls;
    // A timeout or a network error is no answer: the note must not read as if the server said "0".
    const how = !first ? 'sent nothing' : first.statusText === TIMED_OUT ? `did not answer within ${timeoutMs / 1000} s` : first.status === 0 ? `got no answer (${first.statusText})` : `answered ${first.status} ${first.statusText}`;
    const key = keyRefusedAt(baseUrl) ? " This page's last call to this server was answered 401 Unauthorized: check the API key." : '';
    return { ...picked(users), note: `Groups created without members: this page had created no users here, and creating some to be members ${how}. A user the server already held is never made a member.${key}` };
  }
  return {
    ...picked(users),
    note: `This page had created no users here, so the batch created ${users.length} inactive users to be the groups' members (a user the server already held is never made a member); Delete deletes them after the groups.`,
  };
}

/** The users a batch takes members from, held by it from now on (see holdPicked). */
const picked = (users: readonly KnownUser[]) => ({ users, release: holdPicked(users.map(({ id }) => id)) });

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
  /** The users the members were taken from. */
  users: readonly KnownUser[];
  /** Ends the batch's hold on those users, once its actions hold its groups' members (see holdPicked). */
  release?: () => void;
}

/** Finds the users a Groups batch may take (see findMembers) and gives each group some of them. */
export async function addMembers(
  records: ScimRecord[],
  { baseUrl, profile, timeoutMs, emailDomain }: { baseUrl: string; profile: ProfileName; timeoutMs: number; emailDomain?: string | undefined },
  send: SendCall,
): Promise<MembersOutcome> {
  const found = await findMembers(baseUrl, profile, send, timeoutMs, emailDomain);
  if ('stoppedBy' in found) return { plan: { records, patches: [] }, stoppedBy: found.stoppedBy, users: [] };
  const { users, release, note } = found;
  return { plan: assignMembers(records, users, profile), users, release, ...(note ? { note } : {}) };
}
