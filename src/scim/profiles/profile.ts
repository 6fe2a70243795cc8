import type { SimpleFaker } from '@faker-js/faker';
import type { PatchRequest } from '../http/client';
import type { KnownUser } from '../records/members';
import type { ResourceType, ScimGroup, ScimMember, ScimUser } from '../records/schemas';
import type { ItemSequence } from '../flows/sequence';
import type { Dialect } from '../actions/table';
import type { Criterion } from './criterion';

/** How an IdP gives a new group its members: in the create request, or by a PATCH to the created group. */
export type MemberStyle =
  | { inline(users: readonly KnownUser[]): ScimMember[] }
  | { patch(users: readonly KnownUser[]): PatchRequest };

/**
 * Everything one profile means: the records it makes, how its groups get their members, the form
 * of each action's request, and in which order it sends each item's calls.
 */
export interface Profile {
  /** Returns the maker of one batch's users (a batch shares some values, such as its organization). */
  users(faker: SimpleFaker, active: boolean): () => ScimUser;
  group(faker: SimpleFaker): ScimGroup;
  members: MemberStyle;
  /** How its IdP asks for each action on what a batch created (Update, Deactivate, …): RFC 7644's form unless the IdP has its own. */
  dialect: Dialect;
  /** Each item's calls in the profile's client's order (`flow="idp"`, the default). */
  sequences: Record<ResourceType, ItemSequence>;
}

/** An IdP's profile: its dialect as above, and what the IdP requires of a server (the readiness run decides each criterion). */
export interface IdpProfileModule extends Profile {
  idp: {
    /** How a verdict names the IdP. */
    name: string;
    /** Its criteria, each from the IdP's own documents or source, declared beside its dialect. */
    readiness: readonly Criterion[];
  };
}
