import { createThenAddMembers } from '../flows/sequence';
import type { MemberStyle, Profile } from './profile';

// The RFC's own member style and sequence, which the basic and full profiles use. Its form of each
// action's request is the action's row in ../actions/table.ts.

/**
 * Members in the group's create request, as RFC 7643 §4.2 describes them: the user's `id` as
 * `value`, a `display` name, and `$ref`, the user's URI, where the server gave one.
 */
export const rfc7643Members: MemberStyle = {
  inline: (users) => users.map(({ id, display, location }) => ({ value: id, display, ...(location ? { $ref: location } : {}) })),
};

/** A client that only follows the RFC POSTs each record: it has no sequence of its own. */
export const rfc7644Sequences: Profile['sequences'] = { Users: createThenAddMembers, Groups: createThenAddMembers };
