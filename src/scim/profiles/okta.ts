import { GROUP_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../protocol';
import { groupName } from '../fake/job';
import { makePerson } from '../fake/person';
import { createThenAddMembers, matchingFilter, lookupThenCreate } from '../flows/sequence';
import type { Profile } from './profile';
import { RFC7644_DIALECT } from '../actions/table';
import { putChanged } from './put';

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
  dialect: {
    ...RFC7644_DIALECT,
    // "Update a specific User (PATCH)": a `replace` without `path` whose value is the partial
    // resource `{ "active": false }`. Okta never deletes users ("Delete Users" on the same page).
    deactivate: (active) => ({ schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'replace', value: { active } }] }),
    // "Update a specific User (PUT)": Okta first GETs the user, then PUTs the body it got back with
    // the changed attributes; every other attribute goes back as the server returned it.
    update: (changes) => ({ put: putChanged(changes) }),
    // "Update specific Group membership" removes with RFC 7644's own form, `remove` with the path
    // `members[value eq "…"]` and no value, so RFC7644_DIALECT's 'remove-members' is Okta's too.
    // "Update a specific Group name": a `replace` without `path` whose value holds the group's `id` and new `displayName`.
    rename: ({ id, displayName }) => ({ schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'replace', value: { id, displayName } }] }),
  },
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
