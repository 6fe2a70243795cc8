import type { SimpleFaker } from '@faker-js/faker';
import type { PatchRequest } from '../client';
import type { KnownUser } from '../members';
import type { ResourceType, ScimGroup, ScimMember, ScimUser } from '../schemas';
import type { ItemSequence } from '../sequence';

/** How an IdP gives a new group its members: in the create request, or by a PATCH to the created group. */
export type MemberStyle =
  | { inline(users: readonly KnownUser[]): ScimMember[] }
  | { patch(users: readonly KnownUser[]): PatchRequest };

/**
 * Everything one profile means: the records it makes, how its groups get their members, how it
 * (de)activates a user, and in which order it sends each item's calls.
 */
export interface Profile {
  /** Returns the maker of one batch's users (a batch shares some values, such as its organization). */
  users(faker: SimpleFaker, active: boolean): () => ScimUser;
  group(faker: SimpleFaker): ScimGroup;
  members: MemberStyle;
  /** The PATCH body that sets a user's `active`: Deactivate sends `setActive(false)`. */
  setActive(active: boolean): PatchRequest;
  /** Each item's calls in the profile's client's order (`flow="idp"`, the default). */
  sequences: Record<ResourceType, ItemSequence>;
}
