import type { Faker } from '@faker-js/faker';
import type { PatchRequest } from '../deactivate/patch-request';
import type { KnownUser } from '../members/known-users';
import type { ScimGroup, ScimMember, ScimUser } from '../schemas';

/** How an IdP gives a new group its members: in the create request, or by a PATCH to the created group. */
export type MemberStyle =
  | { inline(users: readonly KnownUser[]): ScimMember[] }
  | { patch(users: readonly KnownUser[]): PatchRequest };

/** What sets one profile apart: the records it makes, and how its groups get their members. */
export interface Profile {
  /** Returns the maker of one batch's users (a batch shares some values, such as its organization). */
  users(faker: Faker, active: boolean): () => ScimUser;
  group(faker: Faker): ScimGroup;
  members: MemberStyle;
}
