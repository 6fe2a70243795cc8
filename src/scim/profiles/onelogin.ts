import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../protocol';
import { groupName, makeJob } from '../fake/job';
import { makePerson } from '../fake/person';
import { createThenAddMembers, lookupThenCreate, matchingFilter } from '../flows/sequence';
import type { IdpProfileModule } from './profile';
import { RFC7644_DIALECT } from '../actions/table';
import { putChanged } from './put';
import { deletesSucceed, stepsSucceed, type Criterion } from './criterion';

// OneLogin's SCIM guide, developers.onelogin.com/scim: "Step 1. Define Your SCIM User Schema"
// (define-user-schema: the Core and Enterprise templates) and "Step 4. Test Your SCIM
// Implementation" (test-your-scim: the deprovisioning choice), and its sample server,
// onelogin/onelogin-scim-node (index.js: the routes OneLogin calls; handlers/: what each reads).
//
// OneLogin's own templates carry SCIM 1.0 URNs (`urn:scim:schemas:core:1.0`) and the Enterprise
// one sends `emails` as one object: that is OneLogin's deviation from RFC 7643 (§8.7.1 names the
// 2.0 URNs, §4.1.2 makes `emails` multi-valued), which a SCIM 2.0 server refuses. This profile
// sends the Enterprise template as OneLogin's SCIM v2 connectors take it, the URNs 2.0 and
// `emails` a list: the template an admin sets to provision a SCIM 2.0 server (docs/idp-profiles.md).

// What OneLogin requires of a server, each criterion beside the requests below and decided by the
// readiness run's calls (readiness/). OneLogin's guide documents no required tests: the requests its
// sample server takes (its README's "Endpoints", index.js) and the deprovisioning choice are the
// documents. Weights, chosen where the documents are silent: the routes the sample serves are
// blockers; Suspend is a warning, since OneLogin leaves Delete, Suspend or Do Nothing to the admin and
// names no default, and Delete (the first choice, a route of the sample) a blocker. Rename has no
// route in the sample, so no criterion.
const SAMPLE = {
  document: 'onelogin/onelogin-scim-node, OneLogin\'s sample SCIM server (README)',
  url: 'https://github.com/onelogin/onelogin-scim-node#endpoints',
  sentence: 'A simple Node.js API built using Restify that handles and responds to all of the SCIM requests made by OneLogin for user provisioning.',
};
const TEST_YOUR_SCIM = {
  document: 'Step 4. Test Your SCIM Implementation (OneLogin)',
  url: 'https://developers.onelogin.com/scim/test-your-scim',
  section: 'Configure Provisioning for Your SCIM Test App',
  sentence: 'In the When users are deleted in OneLogin… drop-down, select the action you want to test: Delete, Suspend, or Do Nothing.',
};

const ONELOGIN_READINESS: readonly Criterion[] = [
  {
    id: 'create-users',
    weight: 'blocker',
    expects: 'Each user is looked up by GET /Users?filter=userName eq "…" (an empty ListResponse means none), then created by POST, its 201 carrying an id',
    source: { ...SAMPLE, section: "Endpoints: server.get('/Users'), server.post('/Users')" },
    steps: ['create-users'],
    decide: stepsSucceed('create-users'),
  },
  {
    id: 'update-user',
    weight: 'blocker',
    expects: 'Update: a PUT /Users/{id} of the whole user with the new values (the sample has no PATCH route for users); a GET then shows them',
    source: { ...SAMPLE, section: "Endpoints: server.put('/Users/:id')" },
    steps: ['update'],
    decide: stepsSucceed('update'),
  },
  {
    id: 'push-group',
    weight: 'blocker',
    expects: 'Group provisioning: POST /Groups, then a PATCH /Groups/{id} adding the members (RFC 7644\'s add: chosen, not documented)',
    source: { ...SAMPLE, section: "Endpoints: server.post('/Groups'), server.patch('/Groups/:id')" },
    steps: ['create-groups'],
    decide: stepsSucceed('create-groups'),
  },
  {
    id: 'remove-member',
    weight: 'blocker',
    expects: 'A PATCH /Groups/{id} removing one member; a GET then shows it gone and the others kept',
    source: { ...SAMPLE, section: "Endpoints: server.patch('/Groups/:id')" },
    steps: ['remove-member'],
    decide: stepsSucceed('remove-member'),
  },
  {
    id: 'suspend-user',
    weight: 'warning',
    expects: 'Suspend, where the admin chose it: the PUT with active false; a GET then shows active false',
    source: TEST_YOUR_SCIM,
    steps: ['deactivate'],
    decide: stepsSucceed('deactivate'),
  },
  {
    id: 'delete-user',
    weight: 'blocker',
    expects: "Delete, the first of the admin's choices: DELETE /Users/{id} answered 2xx",
    source: { ...SAMPLE, section: "Endpoints: server.del('/Users/:id')" },
    steps: ['delete'],
    decide: deletesSucceed('Users'),
  },
];

export const onelogin: IdpProfileModule = {
  users: (faker, active) => () => {
    const person = makePerson(faker);
    const job = makeJob(faker);
    return {
      schemas: [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
      userName: person.email, // {$parameters.scimusername}, the OneLogin e-mail by default
      name: { familyName: person.familyName, givenName: person.givenName, formatted: person.displayName }, // {$user.display_name}
      emails: [{ value: person.email, type: 'work', primary: true }],
      title: job.title, // {$parameters.title}
      // The template's `manager` needs another provisioned user's id: left out (chosen).
      [ENTERPRISE_USER_SCHEMA]: { department: job.area }, // {$parameters.department}
      // Not in the templates; the sample's users/update.js stores `active` from OneLogin's PUT, so
      // OneLogin sends it: chosen, not documented whether a create carries it.
      active,
    };
  },
  // The sample's groups/create.js reads `displayName` only and creates the group without members.
  group: (faker) => ({ schemas: [GROUP_SCHEMA], displayName: groupName(faker) }),
  // index.js routes group membership to `PATCH /Groups/:id`; the sample reads SCIM 1.1's
  // `members[].operation`. For a SCIM 2.0 server that is RFC 7644's PatchOp `add`: chosen.
  members: {
    patch: (users) => ({ schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'add', path: 'members', value: users.map(({ id }) => ({ value: id })) }] }),
  },
  dialect: {
    ...RFC7644_DIALECT,
    // index.js: `PUT /Users/:id` and no PATCH route for users: OneLogin sends its template again,
    // with the new values (users/update.js reads userName, name and active from it). No `id` in it.
    update: (changes) => ({ replace: (record) => putChanged(changes)(record) }),
    // test-your-scim: "When users are deleted in OneLogin…" Delete, Suspend or Do Nothing. How
    // Suspend is sent is not documented: the same PUT with `active: false` (chosen, not documented).
    deactivate: (active) => ({ replace: (record) => ({ ...record, active }) }),
    // Remove members and Rename: the sample has no route for a rename and reads members in SCIM
    // 1.1's form; RFC 7644's own forms (chosen, not documented).
  },
  sequences: {
    // The sample's users/list.js reads exactly `filter=userName eq "…"` and answers a ListResponse.
    Users: lookupThenCreate({ idp: 'OneLogin', query: (record) => [['filter', matchingFilter(record)]] }),
    // No group lookup documented: the POST (the sample answers 400 for a name it has), then the PATCH.
    Groups: createThenAddMembers,
  },
  idp: { name: 'OneLogin', readiness: ONELOGIN_READINESS },
};
