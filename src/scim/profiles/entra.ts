import { ENTERPRISE_USER_SCHEMA, ENTRA_GROUP_SCHEMA, GROUP_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../protocol';
import { groupName, makeJob } from '../fake/job';
import { employeeNumber, makePerson } from '../fake/person';
import { fillPattern, pickPlace, workAddress } from '../fake/places';
import { matchingFilter, lookupThenCreate } from '../flows/sequence';
import type { Profile } from './profile';
import { RFC7644_DIALECT } from '../actions/table';
import type { PatchRequest } from '../http/client';

/** Entra's PATCH: each operation a `Replace`, capitalised as in every request of its tutorial. */
const replace = (...operations: { path: string; value: unknown }[]): PatchRequest => ({
  schemas: [PATCH_OP_SCHEMA],
  Operations: operations.map((operation) => ({ op: 'Replace', ...operation })),
});

// Everything here follows Microsoft's "Tutorial: Develop and plan provisioning for a SCIM endpoint
// in Microsoft Entra ID", MicrosoftDocs/entra-docs docs/identity/app-provisioning/
// use-scim-to-provision-users-and-groups.md (learn.microsoft.com/entra/identity/app-provisioning/
// use-scim-to-provision-users-and-groups): its "Create User" and "Create Group" requests for the
// shapes, and its table of user attributes (Entra attribute → SCIM attribute) for what else a user
// carries. What the page shows in neither (locale, timezone, userType, a home e-mail, the address's
// locality, region, country and formatted text, costCenter, organization, division) is left out.

export const entra: Profile = {
  users: (faker, active) => () => {
    const person = makePerson(faker);
    const place = pickPlace(faker);
    const job = makeJob(faker);
    const { streetAddress, postalCode } = workAddress(faker, place);
    return {
      schemas: [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
      // A GUID, as in the "Create User" request (the object ID of the Entra user).
      externalId: faker.string.uuid(),
      userName: person.email, // userPrincipalName
      active, // IsSoftDeleted, inverted
      displayName: person.displayName,
      emails: [{ primary: true, type: 'work', value: person.email }], // mail
      meta: { resourceType: 'User' },
      name: { formatted: person.displayName, familyName: person.familyName, givenName: person.givenName },
      title: job.title, // jobTitle
      phoneNumbers: [
        { type: 'work', value: fillPattern(faker, place.officePhonePattern) }, // telephone-Number
        { type: 'mobile', value: fillPattern(faker, place.mobilePhonePattern) }, // mobile
      ],
      addresses: [{ type: 'work', streetAddress, postalCode }], // streetAddress, postalCode
      roles: [],
      [ENTERPRISE_USER_SCHEMA]: { employeeNumber: employeeNumber(faker), department: job.area }, // employeeId, department
    };
  },
  // "Groups are created with an empty members list": no members attribute; members follow by PATCH.
  group: (faker) => ({
    schemas: [GROUP_SCHEMA, ENTRA_GROUP_SCHEMA],
    externalId: faker.string.uuid(), // objectId
    displayName: groupName(faker),
    meta: { resourceType: 'Group' },
  }),
  // "Update Group [Add Members]": op `Add` (capitalised), path `members`, each member as
  // `{ "$ref": null, "value": id }`; Entra expects 204 No Content.
  members: {
    patch: (users) => ({
      schemas: [PATCH_OP_SCHEMA],
      Operations: [{ op: 'Add', path: 'members', value: users.map(({ id }) => ({ $ref: null, value: id })) }],
    }),
  },
  dialect: {
    ...RFC7644_DIALECT,
    // What Entra ID sends to disable a user by default: `Replace` capitalised, `path` `active`, and
    // the value as the string `"False"` (and `"True"` to enable): Microsoft's "Requests made to disable users", "Without
    // feature flag", in application-provisioning-config-problem-scim-compatibility.md
    // (learn.microsoft.com/entra/identity/app-provisioning/application-provisioning-config-problem-scim-compatibility).
    // The tutorial's "Disable User" request shows the same `Replace` and `path` with a boolean; the
    // compatibility page is the one that says which form Entra sends unless a tenant opts in.
    deactivate: (active) => replace({ path: 'active', value: active ? 'True' : 'False' }),
    // "Update User [Multi-valued properties]": one `Replace` per attribute, a filtered path for a
    // multi-valued one (`emails[type eq "work"].value`); the compatibility page's examples name an
    // enterprise attribute by its URN path (`urn:…:enterprise:2.0:User:department`).
    update: (changes) => ({ patch: replace(...changes.map(({ path, value }) => ({ path, value }))) }),
    // "Update Group [Remove Members]": op `Remove`, path `members`, each member as `{ "$ref": null, "value": id }`.
    'remove-members': (memberId) => ({
      schemas: [PATCH_OP_SCHEMA],
      Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: memberId }] }],
    }),
    // "Update Group [Non-member attributes]": `Replace` of `displayName`.
    rename: ({ displayName }) => replace({ path: 'displayName', value: displayName }),
  },
  // How Entra ID provisions each item, from how-provisioning-works.md ("Provisioning cycles", steps
  // 3 to 5: query the target for a match on the matching attribute, create only when none is found,
  // then cache the returned id for every later call) and the tutorial's requests: "Get User by
  // query" (`filter=userName eq "…"`, zero results a ListResponse with totalResults 0), "Get Group by
  // displayName" (`excludedAttributes=members&filter=displayName eq "…"`), "Create Group" (groups are
  // created with an empty members list) and "Update Group [Add Members]" (the members PATCH above).
  sequences: {
    Users: lookupThenCreate({ idp: 'Entra', query: (record) => [['filter', matchingFilter(record)]] }),
    Groups: lookupThenCreate({
      idp: 'Entra',
      query: (record) => [
        ['excludedAttributes', 'members'],
        ['filter', matchingFilter(record)],
      ],
    }),
  },
};
