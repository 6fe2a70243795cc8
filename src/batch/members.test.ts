// @vitest-environment node
import { Faker } from '@faker-js/faker';
import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import { GROUP_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../scim/protocol';
import { createRecordGenerator } from '../scim/generate';
import type { KnownUser } from '../scim/records/members';
import type { ScimGroup, ScimRecord, ScimUser } from '../scim/records/schemas';
import { answering, requestOf, scimJson } from '../test-support/fetch-stub';
import type { SendCall } from '../scim/http/call';
import { CallLog } from './call-log';
import { heldElsewhere, memberUsersOf } from './own-members';
import { KEPT_USERS_PER_BASE_URL, createdUsersAt, deletingUser, forgetDeletedUser, rememberCreatedUser } from './known-users';
import { OWN_MEMBERS, assignMembers, findMembers } from './members';

const KEY = 'k-secret';
/** A batch-level sender over `fetch`, as a batch has one. */
const call = (fetch: typeof globalThis.fetch): SendCall =>
  new CallLog().sender({ apiKey: KEY, timeoutMs: 30000, signal: new AbortController().signal, fetch });
const created = (id: string, location?: string) => ({ status: 201, id, location });
const user = (userName: string): ScimRecord => ({
  schemas: [USER_SCHEMA],
  userName,
  name: { givenName: 'Ada', familyName: 'Lovelace', formatted: 'Ada Lovelace' },
  emails: [],
  active: true,
});

describe('findMembers', () => {
  it('creates its own members at the batch\'s e-mail domain', async () => {
    let next = 0;
    const fetch = answering(() => scimJson(201, { id: `own-domain-${next++}` })());
    await findMembers('https://domain.example.com/scim/v2', 'entra', call(fetch), 30_000, 'acme.test');
    const bodies = fetch.mock.calls.map((_call, index) => JSON.parse(String(requestOf(fetch, index).init.body)) as ScimUser);
    expect(bodies).toHaveLength(OWN_MEMBERS);
    for (const body of bodies) expect([body.userName, ...body.emails.map((email) => email.value)].every((address) => address.endsWith('@acme.test'))).toBe(true);
  });

  it('takes the users this page created (201) against the same base URL, without asking the server', async () => {
    const base = 'https://one.example.com/scim/v2';
    rememberCreatedUser(base, user('ada'), created('u1', '/scim/v2/Users/u1'));
    rememberCreatedUser(base, user('bob'), { ...created('u2'), status: 400 });
    rememberCreatedUser(base, user('old'), { ...created('u3'), status: 200 }); // a user the server already had
    rememberCreatedUser(base, { schemas: [GROUP_SCHEMA], displayName: 'g' }, created('g1'));
    rememberCreatedUser('https://other.example.com/scim/v2', user('eve'), created('u9'));
    const fetch = answering(() => new Response(null, { status: 500 }));

    expect(await findMembers(base, 'basic', call(fetch), 30_000)).toEqual({
      users: [{ id: 'u1', userName: 'ada', display: 'Ada Lovelace', location: 'https://one.example.com/scim/v2/Users/u1' }],
      release: expect.any(Function),
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('forgets a user the Delete action removed, and only that', async () => {
    const base = 'https://five.example.com/scim/v2';
    rememberCreatedUser(base, user('ada'), created('u1'));
    rememberCreatedUser(base, user('bob'), created('u2'));
    forgetDeletedUser('u1');
    const lookup = await findMembers(base, 'basic', call(answering(() => new Response(null, { status: 500 }))), 30_000);
    expect(lookup).toEqual({ users: [{ id: 'u2', userName: 'bob', display: 'Ada Lovelace' }], release: expect.any(Function) });
  });

  it('does not take a user whose DELETE the page is sending, and takes it again if that DELETE did not delete it', async () => {
    const base = 'https://nine.example.com/scim/v2';
    rememberCreatedUser(base, user('ada'), created('n1'));
    rememberCreatedUser(base, user('bob'), created('n2'));
    const fetch = answering(() => new Response(null, { status: 500 }));
    const deleted = deletingUser('n1');
    expect(await findMembers(base, 'basic', call(fetch), 30_000)).toMatchObject({ users: [{ id: 'n2' }] });
    deleted();
    expect(await findMembers(base, 'basic', call(fetch), 30_000)).toMatchObject({ users: [{ id: 'n1' }, { id: 'n2' }] });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("holds the users it picked from the moment it picks them: another batch's Delete keeps them until the batch releases them", async () => {
    const base = 'https://ten.example.com/scim/v2';
    rememberCreatedUser(base, user('ada'), created('h1'));
    const lookup = await findMembers(base, 'basic', call(answering(() => new Response(null, { status: 500 }))), 30_000);
    const otherBatch = () => [];
    expect(heldElsewhere('h1', otherBatch)).toBe(true);
    if ('release' in lookup) lookup.release();
    expect(heldElsewhere('h1', otherBatch)).toBe(false);
  });

  it(`else creates ${OWN_MEMBERS} inactive users of the profile to be members, and says so: it never lists the server's users`, async () => {
    let next = 0;
    const fetch = answering(() => {
      const id = `own-${next++}`;
      return scimJson(201, { id, meta: { location: `/scim/v2/Users/${id}` } })();
    });
    const base = 'https://two.example.com/scim/v2?tenant=7';
    const lookup = await findMembers(base, 'okta', call(fetch), 30_000);

    const sent = fetch.mock.calls.map((_call, index) => requestOf(fetch, index));
    expect(sent.map(({ url, init }) => [init.method, url])).toEqual(Array(OWN_MEMBERS).fill(['POST', 'https://two.example.com/scim/v2/Users?tenant=7']));
    for (const { init } of sent) {
      const body = JSON.parse(String(init.body)) as ScimUser;
      expect(body.active).toBe(false);
      expect(SCIMMY.Schemas.User.definition.coerce(body, 'in').userName).toBe(body.userName);
    }
    expect(lookup).toEqual({
      users: Array.from({ length: OWN_MEMBERS }, (_, index) => expect.objectContaining({ id: `own-${index}` })),
      release: expect.any(Function),
      note: `This page had created no users here, so the batch created ${OWN_MEMBERS} inactive users to be the groups' members (a user the server already held is never made a member); Delete deletes them after the groups.`,
    });
    expect(createdUsersAt(base).map(({ id }) => id)).toEqual(Array.from({ length: OWN_MEMBERS }, (_, index) => `own-${index}`));
  });

  it("notes the users it creates as made to be members, at {base-url}/Users/{id}: a Groups batch's Delete deletes them", async () => {
    let next = 0;
    const fetch = answering(() => scimJson(201, { id: `made-${next++}` })());
    const base = 'https://six.example.com/scim/v2';
    rememberCreatedUser(base, user('ada'), created('not-made'));
    expect(memberUsersOf(createdUsersAt(base))).toEqual([]);
    forgetDeletedUser('not-made');
    await findMembers(base, 'basic', call(fetch), 30_000);
    expect(memberUsersOf(createdUsersAt(base)).map(({ id, url }) => [id, url])).toEqual(Array.from({ length: OWN_MEMBERS }, (_, index) => [`made-${index}`, `${base}/Users/made-${index}`]));
  });

  it.each([401, 429])('stops the batch on a %i, as a POST of the groups would', async (status) => {
    const lookup = await findMembers('https://three.example.com/scim/v2', 'basic', call(answering(scimJson(status, {}))), 30_000);
    expect(lookup).toMatchObject({ stoppedBy: { purpose: 'members', status, request: { method: 'POST' } } });
  });

  it('keeps the users created before a 429 stopped the batch, for a later batch to take and delete', async () => {
    let next = 0;
    const fetch = answering(() => (next++ < 2 ? scimJson(201, { id: `early-${next}` }) : scimJson(429, {}))());
    const base = 'https://eight.example.com/scim/v2';
    expect(await findMembers(base, 'basic', call(fetch), 30_000)).toMatchObject({ stoppedBy: { status: 429 } });
    expect(memberUsersOf(createdUsersAt(base)).map(({ id }) => id)).toEqual(['early-1', 'early-2']);
  });

  it('goes on without members, and says why, when its users could not be created', async () => {
    const failed = await findMembers('https://four.example.com/scim/v2', 'basic', call(answering(() => new Response('', { status: 500 }))), 30_000);
    expect(failed).toEqual({
      users: [],
      release: expect.any(Function),
      note: 'Groups created without members: this page had created no users here, and creating some to be members answered 500 Internal Server Error. A user the server already held is never made a member.',
    });
    // A 200 is a user the server already had: never a member.
    const existing = await findMembers('https://seven.example.com/scim/v2', 'basic', call(answering(scimJson(200, { id: 'victim' }))), 30_000);
    expect(existing).toMatchObject({ users: [] });
  });
});

const pool: KnownUser[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({
  id,
  userName: `${id}@example.com`,
  display: `User ${id}`,
  ...(id === 'a' ? {} : { location: `https://scim.example.com/scim/v2/Users/${id}` }),
}));
const groups = (profile: 'basic' | 'full' | 'entra' | 'okta') => createRecordGenerator(3)('Groups', { profile });

describe('assignMembers', () => {
  it.each(['basic', 'full'] as const)('%s: puts 1 to 5 distinct members in each create body, RFC 7643 style', (profile) => {
    const plan = assignMembers(groups(profile), pool, profile, new Faker({ locale: {}, seed: 1 }));
    expect(plan.patches.every((patch) => patch === undefined)).toBe(true);
    const sizes = new Set<number>();
    for (const group of plan.records as ScimGroup[]) {
      const members = group.members ?? [];
      sizes.add(members.length);
      expect(members.length).toBeGreaterThanOrEqual(1);
      expect(members.length).toBeLessThanOrEqual(5);
      expect(new Set(members.map((member) => member.value)).size).toBe(members.length);
      for (const member of members) {
        const known = pool.find(({ id }) => id === member.value);
        expect(member).toEqual({ value: known?.id, display: known?.display, ...(known?.location ? { $ref: known.location } : {}) });
      }
    }
    expect(sizes.size).toBeGreaterThan(1);
  });

  it.each(['basic', 'full'] as const)('%s: groups with members are what a strict SCIM server (scimmy) accepts as they are', (profile) => {
    for (const group of assignMembers(groups(profile), pool, profile).records) {
      expect(SCIMMY.Schemas.Group.definition.coerce(group, 'in')).toEqual({ ...group, meta: { resourceType: 'Group' } });
    }
  });

  it('entra: keeps the documented create body and adds members by PATCH, op "Add" with "$ref": null', () => {
    const records = groups('entra');
    const plan = assignMembers(records, pool, 'entra');
    expect(plan.records).toEqual(records);
    for (const patch of plan.patches) {
      expect(patch?.schemas).toEqual([PATCH_OP_SCHEMA]);
      expect(patch?.Operations).toEqual([{ op: 'Add', path: 'members', value: expect.any(Array) }]);
      for (const member of patch?.Operations[0]?.value as object[]) expect(member).toEqual({ $ref: null, value: expect.any(String) });
    }
  });

  it('okta: keeps members: [] in the create body and adds members by PATCH, op "add" with the userName as display', () => {
    const records = groups('okta');
    const plan = assignMembers(records, pool, 'okta');
    expect(plan.records).toEqual(records);
    for (const patch of plan.patches) {
      expect(patch?.Operations[0]).toMatchObject({ op: 'add', path: 'members' });
      for (const member of patch?.Operations[0]?.value as { value: string; display: string }[]) {
        expect(member.display).toBe(`${member.value}@example.com`);
      }
    }
  });

  it('takes at most what there is, and leaves groups as they are without users', () => {
    const two = assignMembers(groups('basic'), pool.slice(0, 2), 'basic');
    for (const group of two.records as ScimGroup[]) expect(group.members?.length).toBeLessThanOrEqual(2);
    const none = assignMembers(groups('okta'), [], 'okta');
    expect(none.records).toEqual(groups('okta'));
    expect(none.patches.every((patch) => patch === undefined)).toBe(true);
  });
});

describe('the users a page created', () => {
  it(`keeps only the newest ${KEPT_USERS_PER_BASE_URL} per base URL, so a page pressed all day does not grow`, () => {
    const baseUrl = 'https://kept.example.com/scim/v2';
    const [record] = createRecordGenerator()('Users');
    for (let id = 0; id < KEPT_USERS_PER_BASE_URL + 30; id++) {
      rememberCreatedUser(baseUrl, record as ScimRecord, { status: 201, id: `u-${id}` });
    }
    const kept = createdUsersAt(baseUrl);
    expect(kept).toHaveLength(KEPT_USERS_PER_BASE_URL);
    expect(kept[0]?.id).toBe('u-30');
    expect(kept.at(-1)?.id).toBe(`u-${KEPT_USERS_PER_BASE_URL + 29}`);
  });
});
