import { ENTERPRISE_USER_SCHEMA, ENTRA_GROUP_SCHEMA, GROUP_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../protocol';
import { groupName, makeJob } from '../fake/job';
import { employeeNumber, makePerson } from '../fake/person';
import { fillPattern, pickPlace, workAddress } from '../fake/places';
import { matchingFilter, lookupThenCreate } from '../flows/sequence';
import type { IdpProfileModule } from './profile';
import { RFC7644_DIALECT } from '../actions/table';
import type { PatchRequest } from '../http/client';
import type { ScimCall } from '../http/call';
import { everyCall, stepsSucceed, type Criterion } from './criterion';

/** Entra's PATCH: each operation a `Replace`, capitalised as in every request of its tutorial. */
const replace = (...operations: { path: string; value: unknown }[]): PatchRequest => ({
  schemas: [PATCH_OP_SCHEMA],
  Operations: operations.map((operation) => ({ op: 'Replace', ...operation })),
});

// What Entra requires of a server, each criterion beside the requests below and decided by the
// readiness run's calls (readiness/). The sentences are Microsoft's, from the tutorial cited below.
const TUTORIAL = {
  document: 'Tutorial: Develop and plan provisioning for a SCIM endpoint in Microsoft Entra ID',
  url: 'https://learn.microsoft.com/entra/identity/app-provisioning/use-scim-to-provision-users-and-groups',
};
const REQUIREMENTS = { ...TUTORIAL, section: 'Understand the Microsoft Entra SCIM implementation' };
const PATCH_REQUIREMENT = 'Modify users or groups with PATCH requests. Supporting ensures that groups and users are provisioned in a performant manner.';
const GROUPS_NEED_PATCH = 'Groups are optional, but only supported if the SCIM implementation supports PATCH requests.';

/** A PATCH whose `op`s Entra capitalises (`Add`, `Replace`, `Remove`), with no value-filter path (another criterion's). */
const capitalisedPatch = ({ request }: ScimCall) => {
  const operations = (request.body as Partial<PatchRequest> | undefined)?.Operations;
  return (
    request.method === 'PATCH' &&
    Array.isArray(operations) &&
    operations.some(({ op }) => op !== op.toLowerCase()) &&
    !operations.some(({ path }) => path?.includes('['))
  );
};

export const ENTRA_READINESS: readonly Criterion[] = [
  {
    id: 'test-connection',
    weight: 'blocker',
    expects: 'Test Connection queries a user and a group that do not exist (filter userName eq, displayName eq) and expects an empty ListResponse',
    source: { ...TUTORIAL, section: 'General', sentence: 'Microsoft Entra ID makes requests to fetch a random user and group to ensure that the endpoint and the credentials are valid.' },
    steps: ['discover'],
    decide: stepsSucceed('discover'),
  },
  {
    id: 'create-users',
    weight: 'blocker',
    expects: 'Each user is looked up by userName eq, created by POST when none matches, and its 201 carries the id Entra keeps',
    source: { ...REQUIREMENTS, sentence: 'By default, users are retrieved with their id and queried with their username and externalId, and groups are queried with displayName.' },
    steps: ['create-users'],
    decide: stepsSucceed('create-users'),
  },
  {
    id: 'patch-op-case',
    weight: 'blocker',
    expects: 'PATCH operations whose op is capitalised (Add, Replace, Remove) are accepted',
    source: {
      ...TUTORIAL,
      section: 'General',
      sentence: "Don't require a case-sensitive match on structural elements in SCIM, in particular PATCH op operation values, as defined in section 3.5.2. Microsoft Entra ID emits the values of op as Add, Replace, and Remove.",
    },
    steps: ['create-groups', 'update', 'deactivate', 'remove-member', 'rename'],
    decide: everyCall(['create-groups', 'update', 'deactivate', 'remove-member', 'rename'], capitalisedPatch, (call) => call.ok, 'Expected a 2xx to a PATCH with a capitalised op'),
  },
  {
    id: 'update-user',
    weight: 'blocker',
    expects: 'Update User: one Replace per attribute, the work e-mail by the path emails[type eq "work"].value; a GET then shows the new values',
    source: { ...REQUIREMENTS, section: `${REQUIREMENTS.section}; Update User [Multi-valued properties]`, sentence: PATCH_REQUIREMENT },
    steps: ['update'],
    decide: stepsSucceed('update'),
  },
  {
    id: 'soft-delete',
    weight: 'blocker',
    expects: 'Disable: a PATCH Replace of active with "False"; a GET then returns the user with active false',
    source: {
      ...REQUIREMENTS,
      sentence: 'Soft-deleting a user active=false and restoring the user active=true. The user object should be returned in a request whether or not the user is active.',
    },
    steps: ['deactivate'],
    decide: stepsSucceed('deactivate'),
  },
  {
    id: 'add-members',
    weight: 'blocker',
    expects: 'Each group is looked up by displayName (members excluded), created without members, then given them by a PATCH Add of members',
    source: { ...TUTORIAL, section: '/Groups; Update Group [Add Members]', sentence: GROUPS_NEED_PATCH },
    steps: ['create-groups'],
    decide: stepsSucceed('create-groups'),
  },
  {
    id: 'remove-members',
    weight: 'blocker',
    expects: 'Update Group [Remove Members]: a PATCH Remove of members with the member as value; a GET then shows the member gone and the others kept',
    source: { ...TUTORIAL, section: '/Groups; Update Group [Remove Members]', sentence: GROUPS_NEED_PATCH },
    steps: ['remove-member'],
    decide: stepsSucceed('remove-member'),
  },
  {
    id: 'rename-group',
    weight: 'blocker',
    expects: 'Update Group [Non-member attributes]: a PATCH Replace of displayName; a GET then shows the new name',
    source: { ...TUTORIAL, section: '/Groups; Update Group [Non-member attributes]', sentence: GROUPS_NEED_PATCH },
    steps: ['rename'],
    decide: stepsSucceed('rename'),
  },
  {
    id: 'exclude-members',
    weight: 'blocker',
    expects: 'GET /Groups?excludedAttributes=members&filter=displayName eq "…" finds the group, without its members',
    source: { ...REQUIREMENTS, sentence: 'The filter excludedAttributes=members when querying the group resource.' },
    steps: ['check:lookup-without-members'],
    decide: stepsSucceed('check:lookup-without-members'),
  },
  {
    id: 'unique-group-names',
    weight: 'blocker',
    expects: 'A second POST of a group with the same displayName is refused (409, scimType uniqueness)',
    source: {
      ...TUTORIAL,
      section: '/Groups',
      sentence: "Groups must have uniqueness on the 'displayName' value to match with Microsoft Entra ID and the SCIM application.",
    },
    steps: ['check:duplicate-group'],
    decide: stepsSucceed('check:duplicate-group'),
  },
  {
    id: 'delete',
    weight: 'blocker',
    expects: 'Delete User and Delete Group: a DELETE answered 204 No Content',
    source: {
      ...REQUIREMENTS,
      section: `${REQUIREMENTS.section}; Delete User; Delete Group`,
      sentence: "The only time the user shouldn't be returned is when it's hard deleted from the application.",
    },
    steps: ['delete'],
    decide: everyCall(['delete'], ({ request }) => request.method === 'DELETE', (call) => call.ok, 'Expected 204 No Content'),
  },
  {
    id: 'work-email-lookup',
    weight: 'warning',
    expects: 'Where e-mail decides a user\'s uniqueness, filter=emails[type eq "work"].value eq "…" finds the user',
    source: {
      ...TUTORIAL,
      section: '/Users',
      sentence: 'Any attributes that are considered for user uniqueness must be usable as part of a filtered query.',
    },
    steps: ['check:work-email-lookup'],
    decide: stepsSucceed('check:work-email-lookup'),
  },
  {
    id: 'unknown-id',
    weight: 'warning',
    expects: 'A GET of a user that does not exist answers 404',
    source: { ...TUTORIAL, section: 'Get User', sentence: "Response (User not found. The detail isn't required, only status.) HTTP/1.1 404 Not Found" },
    steps: ['check:unknown-id'],
    decide: everyCall(['check:unknown-id'], ({ request }) => request.method === 'GET', (call) => call.status === 404, 'Expected 404'),
  },
];

// Everything here follows Microsoft's "Tutorial: Develop and plan provisioning for a SCIM endpoint
// in Microsoft Entra ID", MicrosoftDocs/entra-docs docs/identity/app-provisioning/
// use-scim-to-provision-users-and-groups.md (learn.microsoft.com/entra/identity/app-provisioning/
// use-scim-to-provision-users-and-groups): its "Create User" and "Create Group" requests for the
// shapes, and its table of user attributes (Entra attribute → SCIM attribute) for what else a user
// carries. What the page shows in neither (locale, timezone, userType, a home e-mail, the address's
// locality, region, country and formatted text, costCenter, organization, division) is left out.

export const entra: IdpProfileModule = {
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
  idp: { name: 'Entra', readiness: ENTRA_READINESS },
};
