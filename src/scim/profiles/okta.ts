import { GROUP_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../protocol';
import { groupName } from './job';
import { makePerson } from './person';
import { createThenAddMembers, matchingFilter, lookupThenCreate } from '../sequence';
import type { Profile } from './profile';

// Everything here follows Okta's "SCIM 2.0 Protocol Reference", okta/okta-developer-docs
// packages/@okta/vuepress-site/docs/reference/scim/scim-20/index.md, now published as
// developer.okta.com/docs/api/openapi/okta-scim/guides/scim-20/: its "Create the User" and
// "Create Groups" requests, attribute for attribute and in their order.

export const okta: Profile = {
  users: (faker, active) => () => {
    const person = makePerson(faker);
    return {
      schemas: [USER_SCHEMA],
      userName: person.email, // Okta's default username is the e-mail address
      name: { givenName: person.givenName, familyName: person.familyName },
      emails: [{ primary: true, value: person.email, type: 'work' }],
      displayName: person.displayName,
      locale: 'en-US',
      // An Okta user id: `00u` and 17 letters or digits, as `00ujl29u0le5T6Aj10h7`.
      externalId: `00u${faker.string.alphanumeric(17)}`,
      groups: [],
      // "Okta sends the password parameter in a create user request, even if password sync isn't
      // enabled. This parameter acts as a placeholder": eight lower-case letters and digits.
      password: faker.string.alphanumeric({ length: 8, casing: 'lower' }),
      active,
    };
  },
  group: (faker) => ({ schemas: [GROUP_SCHEMA], displayName: groupName(faker), members: [] }),
  // "Update specific Group membership": a PATCH whose `add` operation on `members` lists each
  // user as `{ value: id, display: userName }`.
  members: {
    patch: (users) => ({
      schemas: [PATCH_OP_SCHEMA],
      Operations: [{ op: 'add', path: 'members', value: users.map(({ id, userName }) => ({ value: id, display: userName })) }],
    }),
  },
  // "Update a specific User (PATCH)": a `replace` without `path` whose value is the partial
  // resource `{ "active": false }`. Okta never deletes users ("Delete Users" on the same page).
  setActive: (active) => ({
    schemas: [PATCH_OP_SCHEMA],
    Operations: [{ op: 'replace', value: { active } }],
  }),
  sequences: {
    // "Create Users": "Determine if the User already exists" with
    // `GET /Users?filter=userName eq "…"&startIndex=1&count=100`; an empty ListResponse, or "another
    // acceptable response", a 404 with the error schema, means it does not, and Okta creates it.
    Users: lookupThenCreate({
      idp: 'Okta',
      query: (record) => [
        ['filter', matchingFilter(record)],
        ['startIndex', '1'],
        ['count', '100'],
      ],
      notFound: [404],
    }),
    // Group Push ("Create Groups"): the POST, then "Update specific Group membership" by PATCH.
    // The reference documents a `displayName` lookup only for updating a group whose id Okta lost.
    Groups: createThenAddMembers,
  },
};
