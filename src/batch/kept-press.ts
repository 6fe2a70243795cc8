import { SimpleFaker } from '@faker-js/faker';
import { readApiKey } from '../page/api-key';
import type { GeneratorConfig } from '../page/config';
import { OwnedResources } from '../scim/http/owned';
import { scimUrl } from '../scim/http/scim-url';
import type { ProfileName } from '../scim/profiles/names';
import { isUser } from '../scim/records/records';
import type { ScimRecord } from '../scim/records/schemas';
import { BatchActions, type ActionsState, type FollowUpHooks } from './actions';
import { CallLog } from './call-log';
import type { LeftPress, Made } from './left-on-server';
import { rememberMemberUser } from './own-members';

/** Which press made a batch's resources, and where: what keeping it across page loads needs beside its actions. */
export interface PressOrigin {
  /** Its key among the kept presses: unique to the element, the page load and the press. */
  key: string;
  press: number;
  baseUrl: string;
  profile: ProfileName;
}

/**
 * The part of a record a kept press needs: what tells a user from a group and names it on its
 * Delete's lines (isUser, recordName). The rest is not kept: an edited record may be 1 MB.
 */
function namingPart(record: ScimRecord): ScimRecord {
  if (!isUser(record)) return { schemas: record.schemas, displayName: record.displayName };
  const { schemas, userName, name, displayName, active } = record;
  return { schemas, userName, name, active, emails: [], ...(displayName === undefined ? {} : { displayName }) };
}

/** What a press leaves on the server, to keep (see left-on-server.ts); undefined when nothing. */
export function keptPress({ resourceType, targets, memberUsers }: Made, { key, press, profile }: Omit<PressOrigin, 'baseUrl'>): LeftPress | undefined {
  if (targets.length === 0 && memberUsers.length === 0) return undefined;
  return {
    key,
    press,
    resourceType,
    profile,
    targets: targets.map(({ index, id, url, record, memberIds }) => ({ index, id, url, record: namingPart(record), memberIds })),
    memberUsers: [...memberUsers],
  };
}

/**
 * A kept press's actions on a new page load, on what it left (only Delete is offered for it): its
 * resources are its own again (OwnedResources), and its member users noted as made to be members,
 * so that its Delete deletes them after its groups, as the press's own Delete would have.
 */
export function restoredActions(left: LeftPress, { baseUrl, timeoutMs }: Pick<GeneratorConfig, 'baseUrl' | 'timeoutMs'>, hooks: Omit<FollowUpHooks<ActionsState>, 'readApiKey'>): BatchActions {
  const { press, resourceType, profile, memberUsers } = left;
  for (const { id, url } of memberUsers) rememberMemberUser(id, url);
  const targets = left.targets.map((target) => ({ ...target, deactivated: false, deleted: false }));
  const config = { resourceType, profile, baseUrl, endpoint: scimUrl(baseUrl, [resourceType]), timeoutMs, batch: press };
  const owned = new OwnedResources(targets.map(({ url }) => url));
  return new BatchActions(config, targets, new CallLog(), { ...hooks, readApiKey }, new SimpleFaker(), owned, memberUsers);
}
