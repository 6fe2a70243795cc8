import { GROUP_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../protocol';
import { groupName } from '../fake/job';
import { makePerson } from '../fake/person';
import { createThenAddMembers, lookupThenCreate, matchingFilter, type ItemSequence } from '../flows/sequence';
import { sameIgnoringCase } from '../flows/lookup';
import { listResponseOf } from '../http/list-response';
import { queryUrl } from '../http/query-url';
import type { Profile } from './profile';
import { RFC7644_DIALECT } from '../actions/table';
import { putChanged } from './put';

// PingFederate's SCIM Provisioner (the SCIM connector; PingOne's SCIM provisioning is the same
// connector, docs.pingidentity.com/pingone/integrations/p1_scim_provisioning_features.html): its
// "User and group management" page (docs.pingidentity.com/integrations/scim/
// pf_scim_connector_user_and_group_management.html, a section per capability) and its "SCIM
// provisioner settings reference" (…/scim/setup/pf_scim_connector_scim_connector_settings_reference.html).
// Ping's pages describe what it does, not its request bodies: every body below is the documented
// minimum, RFC 7643/7644's own form, chosen, not documented (docs/idp-profiles.md lists them).

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

export const ping: Profile = {
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
};
