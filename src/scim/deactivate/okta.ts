import { PATCH_OP_SCHEMA } from '../../constants';
import type { PatchRequest } from './patch-request';

/**
 * What Okta sends when a user is deactivated: a `replace` without `path` whose value is the
 * partial resource `{ "active": false }`. Okta's SCIM 2.0 protocol reference, "Update a specific
 * User (PATCH)": https://developer.okta.com/docs/reference/scim/scim-20/#update-a-specific-user-patch
 * (okta/okta-developer-docs, packages/@okta/vuepress-site/docs/reference/scim/scim-20/index.md).
 * Okta never deletes users ("Delete Users" on the same page).
 */
export const oktaDeactivate: PatchRequest = {
  schemas: [PATCH_OP_SCHEMA],
  Operations: [{ op: 'replace', value: { active: false } }],
};
