import { ERROR_SCHEMA, GROUP_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../protocol';
import type { ScimCall } from '../http/call';
import { bodyOf } from '../http/list-response';
import { deletesSucceed, everyCall, stepsSucceed, type Criterion } from './criterion';
import { groupName } from '../fake/job';
import { makePerson } from '../fake/person';
import { createThenAddMembers, matchingFilter, lookupThenCreate } from '../flows/sequence';
import type { IdpProfileModule } from './profile';
import { RFC7644_DIALECT } from '../actions/table';
import { putChanged } from './put';

// What Okta requires of a server, each criterion beside the requests below and decided by the
// readiness run's calls (readiness/): the reference cited below, its "Prepare your SCIM API
// service" guide, and the required tests of its SCIM 2.0 SPEC test (Okta-SCIM-20-SPEC-Test.json,
// which that guide's "Test your SCIM API" has readers run in Runscope).
export const OKTA_REFERENCE = { document: 'SCIM 2.0 Protocol Reference (Okta)', url: 'https://developer.okta.com/docs/api/openapi/okta-scim/guides/scim-20/' };
const PREPARE = { document: 'Prepare your SCIM API service (Okta)', url: 'https://developer.okta.com/docs/guides/scim-provisioning-integration-prepare/main/' };
/** A required test of the SPEC test, named as the test file names it. */
const specTest = (name: string) => ({
  document: 'Okta SCIM 2.0 SPEC Test, from "Test your SCIM API"',
  url: 'https://developer.okta.com/standards/SCIM/SCIMFiles/Okta-SCIM-20-SPEC-Test.json',
  section: `Required Test: ${name}`,
  sentence: 'Each test sends a composed GET or POST request to your SCIM server. The HTTP status received in the response determines the success or failure of each test.',
});
const GROUP_PATCH = 'For all new OIN app integrations, a PATCH method request is used to update a Group object.';

/** SPEC test "Check status 404": 404 with a `detail` and the SCIM Error schema. */
const scimNotFound = (call: ScimCall) => {
  const body = bodyOf(call);
  return call.status === 404 && typeof body?.detail === 'string' && body.detail !== '' && Array.isArray(body.schemas) && body.schemas.includes(ERROR_SCHEMA);
};

export const OKTA_READINESS: readonly Criterion[] = [
  {
    id: 'invalid-user-by-username',
    weight: 'blocker',
    expects: 'GET /Users?filter=userName eq "…" for a user that does not exist answers 200 with a ListResponse of totalResults 0',
    source: specTest('Test invalid User by username'),
    steps: ['discover'],
    decide: stepsSucceed('discover'),
  },
  {
    id: 'create-users',
    weight: 'blocker',
    expects: 'Each user is looked up by filter=userName eq "…" (an empty ListResponse, or 404, means none), then created by POST, its 201 carrying an id',
    source: {
      ...OKTA_REFERENCE,
      section: 'Create Users; Determine if the User already exists',
      sentence: 'Your SCIM server must support this query parameter to provision users with Okta successfully.',
    },
    steps: ['create-users'],
    decide: stepsSucceed('create-users'),
  },
  {
    id: 'users-endpoint',
    weight: 'blocker',
    expects: 'GET /Users?count=1&startIndex=1 answers a ListResponse with numeric totalResults, startIndex and itemsPerPage, and a user with id and userName',
    source: specTest('Test Users endpoint'),
    steps: ['list-users'],
    decide: stepsSucceed('list-users'),
  },
  {
    id: 'username-case',
    weight: 'blocker',
    expects: 'GET /Users?filter=userName eq "…" with the userName in capitals answers 200',
    source: specTest('Username Case Sensitivity Check'),
    steps: ['check:lookup-ignoring-case'],
    decide: everyCall(['check:lookup-ignoring-case'], ({ request }) => request.method === 'GET', (call) => call.status === 200, 'Expected 200'),
  },
  {
    id: 'username-case-match',
    weight: 'warning',
    expects: 'The lookup with the userName in capitals finds the user (userName is caseExact false), so Okta matches it instead of creating a second one',
    source: { ...PREPARE, section: 'Customize the imported Runscope test for your SCIM integration', sentence: 'The random username in all caps to test case sensitivity.' },
    steps: ['check:lookup-ignoring-case'],
    decide: stepsSucceed('check:lookup-ignoring-case'),
  },
  {
    id: 'duplicate-user',
    weight: 'blocker',
    expects: 'A second POST of the same user answers 409',
    source: specTest('Expect failure when recreating user with same values'),
    steps: ['check:duplicate-user'],
    decide: everyCall(['check:duplicate-user'], ({ request }) => request.method === 'POST', (call) => call.status === 409, 'Expected 409'),
  },
  {
    id: 'unknown-id',
    weight: 'blocker',
    expects: 'A GET of a user id that does not exist answers 404 with a detail and the SCIM Error schema',
    source: specTest('Check status 404'),
    steps: ['check:unknown-id'],
    decide: everyCall(['check:unknown-id'], ({ request }) => request.method === 'GET', scimNotFound, 'Expected 404 with a detail and the SCIM Error schema'),
  },
  {
    id: 'update-user',
    weight: 'blocker',
    expects: 'Update: a GET of the user, then a PUT of it with the changed attributes; a GET then shows the new values',
    source: {
      ...OKTA_REFERENCE,
      section: 'Update a specific User (PUT)',
      sentence: 'After the User object is retrieved from the SCIM server, Okta modifies the attributes that were changed and runs a PUT method request with the new body to the /Users/${userID} endpoint.',
    },
    steps: ['update'],
    decide: stepsSucceed('update'),
  },
  {
    id: 'deactivate',
    weight: 'blocker',
    expects: 'Deactivate: a PATCH replace with the value { "active": false }; a GET then shows active false',
    source: {
      ...PREPARE,
      section: 'Active resources',
      sentence: 'Okta user management requires that your SCIM API supports an active attribute for each user resource that can be set to true or false to denote a resource as active or inactive.',
    },
    steps: ['deactivate'],
    decide: stepsSucceed('deactivate'),
  },
  {
    id: 'push-group',
    weight: 'blocker',
    expects: 'Group Push: a POST of the group, then a PATCH add of its members',
    source: {
      ...OKTA_REFERENCE,
      section: 'Create Groups; Update specific Group membership',
      sentence: 'If these three requirements are met, Okta sends a request to add the specified users to the Group object on the SCIM server.',
    },
    steps: ['create-groups'],
    decide: stepsSucceed('create-groups'),
  },
  {
    id: 'remove-member',
    weight: 'blocker',
    expects: 'A PATCH remove with the path members[value eq "…"]; a GET then shows the member gone and the others kept',
    source: { ...OKTA_REFERENCE, section: 'Update specific Group membership', sentence: GROUP_PATCH },
    steps: ['remove-member'],
    decide: stepsSucceed('remove-member'),
  },
  {
    id: 'rename-group',
    weight: 'blocker',
    expects: 'A PATCH replace whose value holds the group\'s id and new displayName; a GET then shows the new name',
    source: {
      ...OKTA_REFERENCE,
      section: 'Update a specific Group name',
      sentence: 'Updates to existing names for Okta groups are handled by a method request to your SCIM application.',
    },
    steps: ['rename'],
    decide: stepsSucceed('rename'),
  },
  {
    id: 'delete-group',
    weight: 'blocker',
    expects: 'Unlink pushed group, with Delete the group in the target app: a DELETE of the group answered 2xx (Okta never deletes users)',
    source: {
      ...OKTA_REFERENCE,
      section: 'Delete a specific Group',
      sentence: 'When you select the Delete the group in the target app option and click Unlink, Okta sends a DELETE method request.',
    },
    steps: ['delete'],
    decide: deletesSucceed('Groups'),
  },
];

// Everything here follows Okta's "SCIM 2.0 Protocol Reference", okta/okta-developer-docs
// packages/@okta/vuepress-site/docs/reference/scim/scim-20/index.md, now published as
// developer.okta.com/docs/api/openapi/okta-scim/guides/scim-20/: its "Create the User" and
// "Create Groups" requests, attribute for attribute and in their order.

export const okta: IdpProfileModule = {
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
  idp: { name: 'Okta', readiness: OKTA_READINESS },
};
