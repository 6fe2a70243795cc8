import { GROUP_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../protocol';
import { groupName } from '../fake/job';
import { makePerson } from '../fake/person';
import { createThenAddMembers, matchingFilter, type ItemSequence } from '../flows/sequence';
import { readLookup } from '../flows/lookup';
import { queryUrl } from '../http/query-url';
import type { IdpProfileModule } from './profile';
import { RFC7644_DIALECT } from '../actions/table';
import { putChanged } from './put';
import { deletesSucceed, stepsSucceed, type Criterion } from './criterion';

// Everything here follows authentik's SCIM provider, read in its source (goauthentik/authentik):
// authentik/providers/scim/clients/users.py and groups.py (the requests), clients/schema.py (the
// PatchOp and its lower-case `op`s) and blueprints/system/providers-scim.yaml (the default property
// mappings "authentik default SCIM Mapping: User" and "…: Group", which make the bodies). authentik
// reads the server's ServiceProviderConfig and PATCHes groups only where `patch.supported` is true;
// this profile is that case, the default of a server that publishes it (docs: docs/idp-profiles.md).

// What authentik requires of a server, each criterion beside the requests below and decided by the
// readiness run's calls (readiness/): its SCIM provider's source (the requests, and what stops a
// sync: any answer of 400 or more raises, clients/base.py `_request`) and its documentation's
// "Syncing". Every request of the cycle is one authentik sends by default, so each is a blocker.
const clientSource = (file: 'users.py' | 'groups.py', section: string, sentence: string) => ({
  document: `authentik's SCIM client, authentik/providers/scim/clients/${file}`,
  url: `https://github.com/goauthentik/authentik/blob/main/authentik/providers/scim/clients/${file}`,
  section,
  sentence,
});
const SYNCING = {
  document: 'SCIM Provider (authentik)',
  url: 'https://docs.goauthentik.io/docs/providers/scim',
  section: 'Syncing',
  sentence: 'When a user/group is created/modified/deleted, that action is sent to all SCIM providers',
};

const AUTHENTIK_READINESS: readonly Criterion[] = [
  {
    id: 'create-users',
    weight: 'blocker',
    expects: 'POST /Users, with no lookup first, answered 201 with an id',
    source: clientSource('users.py', 'SCIMUserClient.create', 'SCIM Response with missing or invalid `id`'),
    steps: ['create-users'],
    decide: stepsSucceed('create-users'),
  },
  {
    id: 'update-user',
    weight: 'blocker',
    expects: 'Update: a PUT /Users/{id} of the user as mapped, with its id, whatever the server supports; a GET then shows the new values',
    source: { ...SYNCING, section: 'Syncing; users.py SCIMUserClient.update' },
    steps: ['update'],
    decide: stepsSucceed('update'),
  },
  {
    id: 'deactivate',
    weight: 'blocker',
    expects: 'A deactivated user: the same PUT with active false; a GET then shows active false',
    source: { ...SYNCING, section: 'Syncing; users.py SCIMUserClient.update' },
    steps: ['deactivate'],
    decide: stepsSucceed('deactivate'),
  },
  {
    id: 'push-group',
    weight: 'blocker',
    expects: 'POST /Groups without members, then a PATCH with one add of members per user',
    source: clientSource('groups.py', 'SCIMGroupClient.create; _patch_add_users', 'Create group from scratch and create a connection object'),
    steps: ['create-groups'],
    decide: stepsSucceed('create-groups'),
  },
  {
    id: 'remove-member',
    weight: 'blocker',
    expects: 'A PATCH remove of members whose value names the member, no path filter; a GET then shows it gone and the others kept',
    source: clientSource('groups.py', 'SCIMGroupClient._patch_remove_users', 'Remove users in users_set from group'),
    steps: ['remove-member'],
    decide: stepsSucceed('remove-member'),
  },
  {
    id: 'rename-group',
    weight: 'blocker',
    expects: 'A PATCH replace without path whose value is the group with its id and new displayName; a GET then shows the new name',
    source: clientSource('groups.py', 'SCIMGroupClient._update_patch_general', 'Update a group via PATCH request'),
    steps: ['rename'],
    decide: stepsSucceed('rename'),
  },
  {
    id: 'delete',
    weight: 'blocker',
    expects: 'DELETE /Users/{id} and DELETE /Groups/{id} answered 2xx',
    source: { ...SYNCING, section: 'Syncing; users.py SCIMUserClient.delete, groups.py SCIMGroupClient.delete' },
    steps: ['delete'],
    decide: deletesSucceed(),
  },
];

const patchOf = (...Operations: { op: string; path?: string; value: unknown }[]) => ({ schemas: [PATCH_OP_SCHEMA], Operations });

/**
 * groups.py `create`: the POST; on a 409 (ObjectExistsSyncException) authentik looks the group up by
 * `displayName eq "…"` and takes over the first it finds (then adds its members). The element
 * stops at that lookup, as it does where Entra's or Okta's lookup finds a match: the group is not
 * the batch's to change.
 */
const createOr409Lookup: ItemSequence = async (run) => {
  const end = await createThenAddMembers(run);
  if (end.decided.purpose !== 'create' || end.decided.status !== 409) return end;
  const lookup = await run.send({ method: 'GET', url: queryUrl(run.urls.endpoint, [['filter', matchingFilter(run.record)]]) }, 'lookup');
  const read = readLookup(lookup, run.record);
  const found = 'found' in read && read.found;
  const text = found ? `The create answered 409 and the lookup found id ${read.id}: authentik would take it over and add its members` : 'The create answered 409 and a lookup by displayName found no group: authentik would stop here';
  return { decided: lookup, verdict: { text, failed: !found } };
};

export const authentik: IdpProfileModule = {
  users: (faker, active) => () => {
    const person = makePerson(faker);
    // The default User mapping: `name` split at the first space into givenName and familyName.
    return {
      schemas: [USER_SCHEMA],
      userName: person.handle, // request.user.username: an authentik username, not an e-mail
      name: { formatted: person.displayName, givenName: person.givenName, familyName: person.familyName },
      displayName: person.displayName,
      // `photos` is empty when the avatar is not a URL (authentik's initials avatar, a data URI):
      // chosen, not documented which avatar a tenant uses. `locale` is dropped when unset.
      photos: [],
      active,
      emails: [{ value: person.email, type: 'other', primary: true }],
      // users.py `to_schema`: externalId defaults to the user's `uid`, a SHA-256 in hex.
      externalId: faker.string.hexadecimal({ length: 64, casing: 'lower', prefix: '' }),
    };
  },
  // The default Group mapping gives `displayName`; groups.py `to_schema` adds the Group schema and
  // externalId (the group's primary key, a UUID) and drops `members` when PATCH is supported.
  group: (faker) => ({ schemas: [GROUP_SCHEMA], displayName: groupName(faker), externalId: faker.string.uuid() }),
  // `_patch_add_users` via `_patch_chunked`: one `add` operation per user, each `{ value: id }` in a
  // list. authentik splits them into requests of `bulk.maxOperations`; the element does not read
  // ServiceProviderConfig, so it sends them all in one, as authentik does when maxOperations is 0
  // (bulk unsupported) or not below the member count: chosen, not documented.
  members: { patch: (users) => patchOf(...users.map(({ id }) => ({ op: 'add', path: 'members', value: [{ value: id }] }))) },
  dialect: {
    ...RFC7644_DIALECT,
    // users.py `update`: always a PUT of the user as authentik maps it, with `id` set to the
    // server's, and no GET first.
    update: (changes) => ({ replace: (record, id) => ({ ...putChanged(changes)(record), id }) }),
    // A deactivated user is an update whose mapping gives `active: false` (the default mapping's
    // `request.user.is_active`): the same PUT.
    deactivate: (active) => ({ replace: (record, id) => ({ ...record, active, id }) }),
    // `_patch_remove_users`: `remove` on `members` with the member as the value, no path filter.
    'remove-members': (memberId) => patchOf({ op: 'remove', path: 'members', value: [{ value: memberId }] }),
    // `_update_patch_general`: one `replace` without `path` whose value is the group as mapped,
    // with its id. The form gets the id and the new name only, so externalId stays out: chosen.
    rename: ({ id, displayName }) => patchOf({ op: 'replace', value: { schemas: [GROUP_SCHEMA], displayName, id } }),
  },
  // users.py `create` POSTs with no lookup first; groups look up only after a 409 (above).
  sequences: { Users: createThenAddMembers, Groups: createOr409Lookup },
  idp: { name: 'authentik', readiness: AUTHENTIK_READINESS },
};
