import { GROUP_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../protocol';
import { groupName } from '../fake/job';
import { makePerson } from '../fake/person';
import { createThenAddMembers, matchingFilter, type ItemSequence } from '../flows/sequence';
import { readLookup } from '../flows/lookup';
import { queryUrl } from '../http/query-url';
import type { Profile } from './profile';
import { RFC7644_DIALECT } from '../actions/table';
import { putChanged } from './put';

// Everything here follows authentik's SCIM provider, read in its source (goauthentik/authentik):
// authentik/providers/scim/clients/users.py and groups.py (the requests), clients/schema.py (the
// PatchOp and its lower-case `op`s) and blueprints/system/providers-scim.yaml (the default property
// mappings "authentik default SCIM Mapping: User" and "…: Group", which make the bodies). authentik
// reads the server's ServiceProviderConfig and PATCHes groups only where `patch.supported` is true;
// this profile is that case, the default of a server that publishes it (docs: docs/idp-profiles.md).

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

export const authentik: Profile = {
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
};
