import type { MemberStyle } from './profile';

/**
 * Members in the group's create request, as RFC 7643 §4.2 describes them: the user's `id` as
 * `value`, a `display` name, and `$ref`, the user's URI, where the server gave one.
 */
export const rfcMembers: MemberStyle = {
  inline: (users) => users.map(({ id, display, location }) => ({ value: id, display, ...(location ? { $ref: location } : {}) })),
};
