import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../protocol';
import { groupName, makeJob } from '../fake/job';
import { makePerson } from '../fake/person';
import { createThenAddMembers, lookupThenCreate, matchingFilter } from '../flows/sequence';
import type { Profile } from './profile';
import { RFC7644_DIALECT } from '../actions/table';
import { putChanged } from './put';

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

export const onelogin: Profile = {
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
};
