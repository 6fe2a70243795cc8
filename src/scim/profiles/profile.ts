import type { Faker } from '@faker-js/faker';
import type { ScimGroup, ScimUser } from '../schemas';

/** What sets one profile apart: the records it makes. */
export interface Profile {
  /** Returns the maker of one batch's users (a batch shares some values, such as its organization). */
  users(faker: Faker, active: boolean): () => ScimUser;
  group(faker: Faker): ScimGroup;
}
