import { PATCH_OP_SCHEMA } from '../../constants';
import type { PatchRequest } from './patch-request';

/**
 * What Entra ID sends to disable a user by default: `op` capitalised as `Replace`, `path` `active`,
 * and the value as the string `"False"`. Microsoft's "Requests made to disable users", "Without
 * feature flag":
 * https://learn.microsoft.com/entra/identity/app-provisioning/application-provisioning-config-problem-scim-compatibility
 * (MicrosoftDocs/entra-docs, docs/identity/app-provisioning/application-provisioning-config-problem-scim-compatibility.md).
 * The SCIM tutorial's "Disable User" request (use-scim-to-provision-users-and-groups.md) shows the
 * same `Replace` and `path` with a boolean; the compatibility page is the one that says which
 * form Entra sends unless a tenant opts in to the compliant one.
 */
export const entraDeactivate: PatchRequest = {
  schemas: [PATCH_OP_SCHEMA],
  Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
};
