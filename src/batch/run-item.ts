import type { ScimCall } from '../scim/call';
import type { PatchRequest } from '../scim/client';
import { resourceUrl } from '../scim/resource-url';
import type { ScimRecord } from '../scim/schemas';
import type { SendCall } from './call-log';

/**
 * Creates one item: POSTs its record and, for an IdP that adds members after the create (Entra
 * ID, Okta), PATCHes them into the created group. The item ends with the POST's answer, unless the
 * PATCH failed: then with the PATCH's, so the line shows why the group has no members (with the
 * group's id kept).
 */
export async function createItem(
  record: ScimRecord,
  membersPatch: PatchRequest | undefined,
  { baseUrl, endpoint }: { baseUrl: string; endpoint: string },
  send: SendCall,
): Promise<ScimCall> {
  const created = await send({ method: 'POST', url: endpoint, body: record }, 'create');
  if (!membersPatch || !created.ok || !created.id) return created;
  const url = resourceUrl(baseUrl, endpoint, created.id, created.location);
  if (!url) return created;
  const patched = await send({ method: 'PATCH', url, body: membersPatch }, 'members');
  return patched.ok ? created : { ...patched, id: created.id, location: created.location };
}
