import { PATCH_OP_SCHEMA } from '../protocol';
import type { PatchRequest } from '../client';
import { createThenAddMembers } from '../sequence';
import type { MemberStyle, Profile } from './profile';

// The RFC's own dialect, which the basic and full profiles speak.

/**
 * RFC 7644 §3.5.2.3: a `replace` whose `path` names the attribute and whose `value` is the new
 * value, here the JSON boolean for `active`. Microsoft documents this exact body as what
 * Entra sends once the SCIM-compliant flag `aadOptscim062020` is set ("Requests made to disable
 * users", "With feature flag"):
 * https://learn.microsoft.com/entra/identity/app-provisioning/application-provisioning-config-problem-scim-compatibility
 * (MicrosoftDocs/entra-docs, docs/identity/app-provisioning/application-provisioning-config-problem-scim-compatibility.md).
 */
export const rfc7644SetActive = (active: boolean): PatchRequest => ({
  schemas: [PATCH_OP_SCHEMA],
  Operations: [{ op: 'replace', path: 'active', value: active }],
});

/**
 * Members in the group's create request, as RFC 7643 §4.2 describes them: the user's `id` as
 * `value`, a `display` name, and `$ref`, the user's URI, where the server gave one.
 */
export const rfc7643Members: MemberStyle = {
  inline: (users) => users.map(({ id, display, location }) => ({ value: id, display, ...(location ? { $ref: location } : {}) })),
};

/** A client that only follows the RFC POSTs each record: it has no sequence of its own. */
export const rfc7644Sequences: Profile['sequences'] = { Users: createThenAddMembers, Groups: createThenAddMembers };
