import { GROUP_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../protocol';
import { groupName } from '../fake/job';
import { makePerson } from '../fake/person';
import { createThenAddMembers, lookupThenCreate, matchingFilter, type ItemSequence } from '../flows/sequence';
import { sameIgnoringCase } from '../flows/lookup';
import { listResponseOf } from '../http/list-response';
import { queryUrl } from '../http/query-url';
import type { IdpProfileModule } from './profile';
import { RFC7644_DIALECT } from '../actions/table';
import { putChanged } from './put';
import { deletesSucceed, stepsSucceed, type Criterion } from './criterion';

// PingFederate's SCIM Provisioner (the SCIM connector; PingOne's SCIM provisioning is the same
// connector, docs.pingidentity.com/pingone/integrations/p1_scim_provisioning_features.html): its
// "User and group management" page (docs.pingidentity.com/integrations/scim/
// pf_scim_connector_user_and_group_management.html, a section per capability) and its "SCIM
// provisioner settings reference" (…/scim/setup/pf_scim_connector_scim_connector_settings_reference.html).
// Ping's pages describe what it does, not its request bodies: every body below is the documented
// minimum, RFC 7643/7644's own form, chosen, not documented (docs/idp-profiles.md lists them).

// What Ping requires of a server, each criterion beside the requests below and decided by the
// readiness run's calls (readiness/): the SCIM Provisioner's pages cited above and its overview
// (docs.pingidentity.com/integrations/scim/pf_scim_connector.html: its features and its table of
// specifications). Disable is the Remove Action's default, so a blocker; Delete, the other choice, a warning.
const MANAGEMENT = { document: 'SCIM Provisioner: User and group management (PingFederate)', url: 'https://docs.pingidentity.com/integrations/scim/pf_scim_connector_user_and_group_management.html' };
const OVERVIEW = { document: 'SCIM Provisioner (PingFederate)', url: 'https://docs.pingidentity.com/integrations/scim/pf_scim_connector.html' };
const DEPROVISIONING = { ...OVERVIEW, section: 'Features', sentence: 'Allows you to choose whether to disable or delete users when deprovisioning' };
const GROUPS = { ...OVERVIEW, section: 'Features', sentence: 'Manages groups in the target service based on changes in an external datastore that is attached to PingFederate' };

const PING_READINESS: readonly Criterion[] = [
  {
    id: 'create-users',
    weight: 'blocker',
    expects: 'Each user is looked up by GET /Users?filter=userName eq "…" (an empty ListResponse means none), then created by POST, its 201 carrying an id',
    source: { ...MANAGEMENT, section: 'Synchronizing existing users', sentence: 'PingFederate synchronizes users based on the userName attribute in the target service.' },
    steps: ['create-users'],
    decide: stepsSucceed('create-users'),
  },
  {
    id: 'update-user',
    weight: 'blocker',
    expects: 'Update: a PUT /Users/{id} of the whole user with the new values (the connector does not PATCH users); a GET then shows them',
    source: { ...MANAGEMENT, section: 'User updates', sentence: 'PingFederate updates users when a user attribute changes in your datastore.' },
    steps: ['update'],
    decide: stepsSucceed('update'),
  },
  {
    id: 'disable-user',
    weight: 'blocker',
    expects: 'Disable, the default Remove Action: the PUT with active false; a GET then shows active false',
    source: DEPROVISIONING,
    steps: ['deactivate'],
    decide: stepsSucceed('deactivate'),
  },
  {
    id: 'delete-user',
    weight: 'warning',
    expects: 'Delete, where the admin chose it as the Remove Action: DELETE /Users/{id} answered 2xx',
    source: DEPROVISIONING,
    steps: ['delete'],
    decide: deletesSucceed('Users'),
  },
  {
    id: 'push-group',
    weight: 'blocker',
    expects: 'Group provisioning: GET /Groups, paged by startIndex until totalResults are read, finds no group of the name; then POST /Groups and a PATCH adding the members',
    source: { ...OVERVIEW, section: 'Specifications: Filtering support, Groups', sentence: 'The connector allows group filtering by retrieving all groups and finding a match.' },
    steps: ['create-groups'],
    decide: stepsSucceed('create-groups'),
  },
  { id: 'remove-member', weight: 'blocker', expects: 'A PATCH of the group removing one member; a GET then shows it gone and the others kept', source: GROUPS, steps: ['remove-member'], decide: stepsSucceed('remove-member') },
  { id: 'rename-group', weight: 'blocker', expects: 'A PATCH of the group replacing its displayName; a GET then shows the new name', source: GROUPS, steps: ['rename'], decide: stepsSucceed('rename') },
  { id: 'delete-group', weight: 'blocker', expects: 'DELETE /Groups/{id} answered 2xx', source: GROUPS, steps: ['delete'], decide: deletesSucceed('Groups') },
];

/**
 * "Synchronizing existing groups": Ping matches groups by `displayName` by reading every group the
 * server lists, not by a filter, so it depends on paging (RFC 7644 §3.4.2.4): `GET /Groups`, then
 * `startIndex` past what it has read until `totalResults` are read (page size the server's: chosen).
 * No match: the create and the members PATCH. A match, or an answer that is not a ListResponse, ends the item.
 */
const listThenCreate: ItemSequence = async (run) => {
  for (let read = 0, page = 0; ; page += 1) {
    const query: [string, string][] = page === 0 ? [] : [['startIndex', String(read + 1)]];
    const call = await run.send({ method: 'GET', url: queryUrl(run.urls.endpoint, query) }, 'lookup');
    const list = call.ok ? listResponseOf(call) : undefined;
    if (!list || 'missing' in list) {
      const why = list ? `without ${list.missing === 'schema' ? 'the ListResponse schema' : 'a numeric totalResults'}` : `${call.status}`;
      return { decided: call, verdict: { text: `Listing the groups answered ${why}: Ping would stop here`, failed: true } };
    }
    const match = list.resources.find((group) => sameIgnoringCase(group.displayName, run.record.displayName ?? ''));
    if (match) return { decided: call, verdict: { text: `Already exists as id ${String(match.id)}: Ping would update it`, failed: false } };
    read += list.resources.length;
    if (read >= list.total || list.resources.length === 0) return createThenAddMembers(run);
  }
};

export const ping: IdpProfileModule = {
  users: (faker, active) => () => {
    const person = makePerson(faker);
    // The core attributes the connector maps by default ("Supports SCIM core and enterprise attributes").
    return {
      schemas: [USER_SCHEMA],
      userName: person.email,
      name: { givenName: person.givenName, familyName: person.familyName },
      displayName: person.displayName,
      emails: [{ value: person.email, type: 'work', primary: true }],
      active, // "Ability to provision disabled user accounts"
    };
  },
  group: (faker) => ({ schemas: [GROUP_SCHEMA], displayName: groupName(faker) }),
  // "Group membership updates": members are added by PATCH to the group (RFC 7644 §3.5.2.1 `add`).
  members: {
    patch: (users) => ({ schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'add', path: 'members', value: users.map(({ id }) => ({ value: id })) }] }),
  },
  dialect: {
    ...RFC7644_DIALECT,
    // "User updates": the connector does not PATCH users; it replaces the user with what it holds
    // (RFC 7644 §3.5.1), with no GET first: chosen, not documented.
    update: (changes) => ({ replace: (record, id) => ({ ...putChanged(changes)(record), id }) }),
    // "User deprovisioning": the settings' Remove Action, Disable (the default) or Delete. Disable is
    // the same PUT with `active: false`.
    deactivate: (active) => ({ replace: (record, id) => ({ ...record, active, id }) }),
    // "Group membership updates" and "Group name updates" PATCH the group: RFC 7644's forms.
  },
  sequences: {
    // Settings reference, "Unique User Identifier": userName (the default) sets the filter
    // `userName eq <userName_value>`; the "Filter Expression" override takes other forms, such as
    // mixed-case operators (RFC 7644 §3.4.2.2 makes them case-insensitive).
    Users: lookupThenCreate({ idp: 'Ping', query: (record) => [['filter', matchingFilter(record)]] }),
    Groups: listThenCreate,
  },
  idp: { name: 'Ping', readiness: PING_READINESS },
};
