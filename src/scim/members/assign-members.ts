import { Faker } from '@faker-js/faker';
import type { PatchRequest } from '../deactivate/patch-request';
import { PROFILE_MODULES } from '../profiles';
import type { ProfileName, ScimRecord } from '../schemas';
import type { KnownUser } from './known-users';

/** A Groups batch with members: the create bodies, and for IdPs that add members later, each group's PATCH. */
export interface MemberPlan {
  records: ScimRecord[];
  patches: (PatchRequest | undefined)[];
}

const MAX_MEMBERS = 5;
// Members depend on what the server holds, so they are picked apart from the (seedable) record sequence.
const picker = new Faker({ locale: {} });

/** Gives each group 1 to 5 of `users`, the way the profile's IdP does: in the body or by a later PATCH. */
export function assignMembers(
  records: ScimRecord[],
  users: readonly KnownUser[],
  profile: ProfileName,
  faker: Faker = picker,
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
