import type { ScimCallOptions, ScimResult } from '../client';
import type { ProfileName, ScimRecord } from '../schemas';
import { assignMembers, type MemberPlan } from './assign-members';
import { findMembers } from './find-members';

export interface MembersOutcome {
  plan: MemberPlan;
  /** The 401 or 429 that answered the user lookup: the batch sends nothing, each item ends with it. */
  stoppedBy?: ScimResult;
  /** Why the groups get no members. */
  note?: string;
}

/** Finds the users a Groups batch may take (see findMembers) and gives each group some of them. */
export async function addMembers(
  records: ScimRecord[],
  { baseUrl, profile }: { baseUrl: string; profile: ProfileName },
  call: Pick<ScimCallOptions, 'apiKey' | 'timeoutMs' | 'signal' | 'fetch'>,
): Promise<MembersOutcome> {
  const found = await findMembers(baseUrl, call);
  if ('stoppedBy' in found) return { plan: { records, patches: [] }, stoppedBy: found.stoppedBy };
  return { plan: assignMembers(records, found.users, profile), ...(found.note ? { note: found.note } : {}) };
}
