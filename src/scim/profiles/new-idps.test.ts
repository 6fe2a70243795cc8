// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { PutRequest, UpdateRequest } from '../actions/table';
import type { UserChange } from '../actions/user-changes';
import { generateRecords } from '../generate';
import type { ScimCall, SendCall } from '../http/call';
import { sendScim } from '../http/client';
import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, LIST_RESPONSE_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../protocol';
import type { ScimGroup, ScimUser } from '../records/schemas';
import { PROFILE_MODULES } from './index';

// The bodies of OneLogin's, Ping's and authentik's profiles, and Okta's AIW form, against the
// document or source file each follows (named in each describe).

const user = (profile: keyof typeof PROFILE_MODULES) => generateRecords('Users', { profile, active: true })[0] as ScimUser;
const group = (profile: keyof typeof PROFILE_MODULES) => generateRecords('Groups', { profile })[0] as ScimGroup;
const asRecord = (value: unknown) => structuredClone(value) as Record<string, unknown>;
const titleChange: UserChange = { path: 'title', attribute: 'title', value: 'Chief Tester', read: () => undefined, write: (resource, value) => ((resource as { title?: string }).title = value) };
const members = [
  { id: 'u1', userName: 'ada@example.com', display: 'Ada L' },
  { id: 'u2', userName: 'bob@example.com', display: 'Bob M' },
];

/** The PUT body a `replace` form makes of the record the batch holds. */
function replaced(request: UpdateRequest | PutRequest | object, record: unknown, id: string) {
  if (!('replace' in request)) throw new Error(`not a PUT of the held record: ${JSON.stringify(request)}`);
  return (request as { replace: (r: Record<string, unknown>, id: string) => Record<string, unknown> }).replace(asRecord(record), id);
}

describe('onelogin: developers.onelogin.com/scim/define-user-schema, onelogin/onelogin-scim-node index.js and handlers/', () => {
  const { dialect, members: style } = PROFILE_MODULES.onelogin;

  it('creates users with the OneLogin Enterprise template, its URNs 2.0 and emails a list (the SCIM v2 form of the template)', () => {
    const created = user('onelogin');
    expect(Object.keys(created)).toEqual(['schemas', 'userName', 'name', 'emails', 'title', ENTERPRISE_USER_SCHEMA, 'active']);
    expect(created.schemas).toEqual([USER_SCHEMA, ENTERPRISE_USER_SCHEMA]);
    expect(Object.keys(created.name)).toEqual(['familyName', 'givenName', 'formatted']);
    expect(created.emails).toEqual([{ value: created.userName, type: 'work', primary: true }]);
    expect(Object.keys(created[ENTERPRISE_USER_SCHEMA] ?? {})).toEqual(['department']);
  });

  it('Update is a PUT of the template with the new values and no id (index.js: PUT /Users/:id, no PATCH route for users)', () => {
    const created = user('onelogin');
    expect(replaced(dialect.update([titleChange]), created, 'id-1')).toEqual({ ...created, title: 'Chief Tester' });
  });

  it('Deactivate (Suspend, chosen) is the same PUT with active false', () => {
    const created = user('onelogin');
    expect(replaced(dialect.deactivate(false), created, 'id-1')).toEqual({ ...created, active: false });
  });

  it('groups are created without members (groups/create.js reads displayName), which a PATCH then adds', () => {
    expect(Object.keys(group('onelogin'))).toEqual(['schemas', 'displayName']);
    expect('patch' in style && style.patch(members)).toEqual({ schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'add', path: 'members', value: [{ value: 'u1' }, { value: 'u2' }] }] });
  });
});

describe('ping: docs.pingidentity.com pf_scim_connector_user_and_group_management and the settings reference', () => {
  const { dialect } = PROFILE_MODULES.ping;

  it('"User updates" and "User deprovisioning" (Disable, the default Remove Action) replace the user by PUT, with its id', () => {
    const created = user('ping');
    expect(replaced(dialect.update([titleChange]), created, 'p-9')).toEqual({ ...created, title: 'Chief Tester', id: 'p-9' });
    expect(replaced(dialect.deactivate(false), created, 'p-9')).toEqual({ ...created, active: false, id: 'p-9' });
  });

  it('finds a group by listing every group, page by page, and creates it when no page has its displayName', async () => {
    const record = group('ping');
    const pages = [
      { status: 200, body: { schemas: [LIST_RESPONSE_SCHEMA], totalResults: 3, Resources: [{ id: 'g1', displayName: 'a' }, { id: 'g2', displayName: 'b' }] } },
      { status: 200, body: { schemas: [LIST_RESPONSE_SCHEMA], totalResults: 3, Resources: [{ id: 'g3', displayName: 'c' }] } },
      { status: 201, body: { id: 'g4', displayName: record.displayName } },
    ];
    const { send, sent } = server(...pages);
    const end = await PROFILE_MODULES.ping.sequences.Groups({ record, membersPatch: undefined, urls: { baseUrl: BASE, endpoint: `${BASE}/Groups` }, send });
    expect(sent()).toEqual(['lookup GET /Groups', 'lookup GET /Groups?startIndex=3', 'create POST /Groups']);
    expect(end.decided.status).toBe(201);
  });

  it('stops at a listed group with the same displayName, whatever its case: Ping would update it', async () => {
    const record = group('ping');
    const { send, sent } = server({ status: 200, body: { schemas: [LIST_RESPONSE_SCHEMA], totalResults: 1, Resources: [{ id: 'g7', displayName: record.displayName.toUpperCase() }] } });
    const end = await PROFILE_MODULES.ping.sequences.Groups({ record, membersPatch: undefined, urls: { baseUrl: BASE, endpoint: `${BASE}/Groups` }, send });
    expect(sent()).toEqual(['lookup GET /Groups']);
    expect(end.verdict).toEqual({ text: 'Already exists as id g7: Ping would update it', failed: false });
  });
});

describe('authentik: goauthentik/authentik authentik/providers/scim/clients/users.py, groups.py and blueprints/system/providers-scim.yaml', () => {
  const { dialect, members: style } = PROFILE_MODULES.authentik;

  it('creates users with the default User mapping: the username, the name split at its first space, e-mail type "other", externalId the uid', () => {
    const created = user('authentik');
    expect(Object.keys(created)).toEqual(['schemas', 'userName', 'name', 'displayName', 'photos', 'active', 'emails', 'externalId']);
    expect(created.name.formatted).toBe(`${created.name.givenName} ${created.name.familyName}`);
    expect(created.emails).toEqual([{ value: expect.stringContaining('@'), type: 'other', primary: true }]);
    expect(created.externalId).toMatch(/^[0-9a-f]{64}$/);
  });

  it('creates groups with the default Group mapping, externalId its UUID and no members (PATCH supported)', () => {
    const created = group('authentik');
    expect(Object.keys(created)).toEqual(['schemas', 'displayName', 'externalId']);
    expect(created.schemas).toEqual([GROUP_SCHEMA]);
  });

  it('`_patch_add_users`: one add per user, each value a one-member list', () => {
    expect('patch' in style && style.patch(members)).toEqual({
      schemas: [PATCH_OP_SCHEMA],
      Operations: [
        { op: 'add', path: 'members', value: [{ value: 'u1' }] },
        { op: 'add', path: 'members', value: [{ value: 'u2' }] },
      ],
    });
  });

  it('users.py `update`: always a PUT of the mapped user with the server id; deactivation the same PUT, active false', () => {
    const created = user('authentik');
    expect(replaced(dialect.update([titleChange]), created, 'scim-1')).toEqual({ ...created, title: 'Chief Tester', id: 'scim-1' });
    expect(replaced(dialect.deactivate(false), created, 'scim-1')).toEqual({ ...created, active: false, id: 'scim-1' });
  });

  it('`_patch_remove_users` removes in the value, no path filter; `_update_patch_general` renames with a replace without path', () => {
    expect(dialect['remove-members']('u2')).toEqual({ schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'remove', path: 'members', value: [{ value: 'u2' }] }] });
    expect(dialect.rename({ id: 'g1', displayName: 'sales' })).toEqual({ schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'replace', value: { schemas: [GROUP_SCHEMA], displayName: 'sales', id: 'g1' } }] });
  });

  it('groups.py `create`: on a 409 it looks the group up by displayName eq, and stops there with what authentik would do', async () => {
    const record = group('authentik');
    const { send, sent } = server(
      { status: 409, body: { status: '409', scimType: 'uniqueness' } },
      { status: 200, body: { schemas: [LIST_RESPONSE_SCHEMA], totalResults: 1, Resources: [{ id: 'g5', displayName: record.displayName }] } },
    );
    const end = await PROFILE_MODULES.authentik.sequences.Groups({ record, membersPatch: undefined, urls: { baseUrl: BASE, endpoint: `${BASE}/Groups` }, send });
    expect(sent()).toEqual(['create POST /Groups', `lookup GET /Groups?filter=displayName eq "${record.displayName}"`]);
    expect(end.verdict).toEqual({ text: 'The create answered 409 and the lookup found id g5: authentik would take it over and add its members', failed: false });
  });
});

describe('okta-aiw: okta/okta-developer-docs docs/reference/scim/scim-20/index.md, "Update the User" and "Delete Users" (AIW)', () => {
  it('deactivates with the GET and a PUT of what it returned, active false; updates as okta does', () => {
    const { dialect } = PROFILE_MODULES['okta-aiw'];
    const deactivate = dialect.deactivate(false);
    expect('put' in deactivate && deactivate.put({ id: 'x', userName: 'a', active: true })).toEqual({ id: 'x', userName: 'a', active: false });
    expect(dialect.update).toBe(PROFILE_MODULES.okta.dialect.update);
    expect(PROFILE_MODULES['okta-aiw'].users).toBe(PROFILE_MODULES.okta.users);
  });

  it('updates groups by PUT ("Update specific Group membership", "Update a specific Group name": for AIW "sent through a PUT request"): the group as a GET returned it, changed', () => {
    const { dialect } = PROFILE_MODULES['okta-aiw'];
    const held = { schemas: [GROUP_SCHEMA], id: 'g1', displayName: 'Test SCIMv2', members: [{ value: 'u1', display: 'a' }, { value: 'u2', display: 'b' }], meta: { resourceType: 'Group' } };
    const removal = dialect['remove-members']('u1');
    expect('put' in removal && removal.put(structuredClone(held))).toEqual({ ...held, members: [{ value: 'u2', display: 'b' }] });
    const rename = dialect.rename({ id: 'g1', displayName: 'Test SCIMv20' });
    expect('put' in rename && rename.put(structuredClone(held))).toEqual({ ...held, displayName: 'Test SCIMv20' });
    // A group read without members (Okta does not require them in answers) is PUT with none left to remove.
    const { members: _members, ...bare } = held;
    expect('put' in removal && removal.put(structuredClone(bare))).toEqual({ ...bare, members: [] });
  });

  it('has its own verdict, Okta\'s criteria with the AIW sentences where AIW sends a PUT', () => {
    const { idp } = PROFILE_MODULES['okta-aiw'];
    expect(idp.name).toBe('Okta (AIW)');
    expect(idp.readiness.map(({ id }) => id)).toEqual(PROFILE_MODULES.okta.idp.readiness.map(({ id }) => id));
    const resourced = idp.readiness.filter((criterion, index) => criterion !== PROFILE_MODULES.okta.idp.readiness[index]);
    expect(resourced.map(({ id, source }) => [id, source.section])).toEqual([
      ['deactivate', 'Delete Users'],
      ['remove-member', 'Update specific Group membership'],
      ['rename-group', 'Update a specific Group name'],
    ]);
    for (const { source } of resourced) expect(source.sentence).toMatch(/AIW.*PUT/);
  });
});

const BASE = 'https://scim.example.com/scim/v2';

/** A server that gives the answers in turn, and the calls made. */
function server(...answers: { status: number; body?: unknown }[]) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => {
    const { status, body } = answers.shift() ?? { status: 500 };
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/scim+json' } });
  });
  const calls: ScimCall[] = [];
  const send: SendCall = async (request, purpose) => {
    const call: ScimCall = { purpose, item: 0, ...(await sendScim({ ...request, apiKey: 'k', timeoutMs: 1000, signal: new AbortController().signal, fetch })) };
    calls.push(call);
    return call;
  };
  return { send, sent: () => calls.map(({ purpose, request }) => `${purpose} ${request.method} ${decodeURIComponent(request.url.slice(BASE.length))}`) };
}
