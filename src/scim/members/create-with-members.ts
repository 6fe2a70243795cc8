import { sendScim, type ScimCallOptions, type ScimResult } from '../client';
import type { PatchRequest } from '../deactivate/patch-request';
import { resourceUrl } from '../resource-url';

/**
 * POSTs one record and, for an IdP that adds members after the create (Entra ID, Okta), PATCHes
 * them into the created group. The item's result is the POST's, unless the PATCH failed: then it
 * is the PATCH's, so the line shows why the group has no members (with the group's id kept).
 */
export async function createWithMembers(
  post: ScimCallOptions,
  patch: PatchRequest | undefined,
  baseUrl: string,
): Promise<ScimResult> {
  const created = await sendScim(post);
  if (!patch || !created.ok || !created.id) return created;
  const url = resourceUrl(baseUrl, post.url, created.id, created.location);
  if (!url) return created;
  const patched = await sendScim({ ...post, method: 'PATCH', url, body: patch });
  return patched.ok ? created : { ...patched, id: created.id, location: created.location };
}
