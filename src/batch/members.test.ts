// @vitest-environment node
import { Faker } from '@faker-js/faker';
import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import { GROUP_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../scim/protocol';
import { createRecordGenerator } from '../scim/generate';
import type { KnownUser } from '../scim/records/members';
import type { ScimGroup, ScimRecord } from '../scim/records/schemas';
import { answering, requestOf, scimJson } from '../test-support/fetch-stub';
import type { SendCall } from '../scim/http/call';
import { CallLog } from './call-log';
import { noteKeyAnswer } from './key-refusals';
import { KEPT_USERS_PER_BASE_URL, createdUsersAt, forgetDeletedUser, rememberCreatedUser } from './known-users';
import { assignMembers, findMembers } from './members';

const KEY = 'k-secret';
/** A batch-level sender over `fetch`, as a batch has one. */
const call = (fetch: typeof globalThis.fetch): SendCall =>
  new CallLog().sender({ apiKey: KEY, timeoutMs: 30000, signal: new AbortController().signal, fetch });
const created = (id: string, location?: string) => ({ ok: true, id, location });
const user = (userName: string): ScimRecord => ({
  schemas: [USER_SCHEMA],
  userName,
  name: { givenName: 'Ada', familyName: 'Lovelace', formatted: 'Ada Lovelace' },
  emails: [],
  active: true,
});

describe('findMembers', () => {
  it('takes the users this page created against the same base URL, without asking the server', async () => {
    const base = 'https://one.example.com/scim/v2';
    rememberCreatedUser(base, user('ada'), created('u1', '/scim/v2/Users/u1'));
    rememberCreatedUser(base, user('bob'), { ...created('u2'), ok: false });
    rememberCreatedUser(base, { schemas: [GROUP_SCHEMA], displayName: 'g' }, created('g1'));
    rememberCreatedUser('https://other.example.com/scim/v2', user('eve'), created('u9'));
    const fetch = answering(() => new Response(null, { status: 500 }));

    expect(await findMembers(base, call(fetch), 30_000)).toEqual({
      users: [{ id: 'u1', userName: 'ada', display: 'Ada Lovelace', location: 'https://one.example.com/scim/v2/Users/u1' }],
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('forgets a user the Delete action removed, and only that', async () => {
    const base = 'https://five.example.com/scim/v2';
    rememberCreatedUser(base, user('ada'), created('u1'));
    rememberCreatedUser(base, user('bob'), created('u2'));
    forgetDeletedUser('u1');
    const lookup = await findMembers(base, call(answering(() => new Response(null, { status: 500 }))), 30_000);
    expect(lookup).toEqual({ users: [{ id: 'u2', userName: 'bob', display: 'Ada Lovelace' }] });
  });

  it('else lists the first hundred users with one GET, keeping the query of the base URL', async () => {
    const fetch = answering(
      scimJson(200, {
        Resources: [
          { id: 'a', userName: 'ada', displayName: 'Ada L', meta: { location: '/scim/v2/Users/a' } },
          { id: 'b', userName: 'bob', name: { formatted: 'Bob Smith' } },
          { id: 'c', userName: 'cy' },
          { id: 'd', userName: 'di', meta: { location: 'https://docs.elsewhere.example/scim/v2/Users/d' } },
          { userName: 'no-id' },
        ],
      }),
    );
    const lookup = await findMembers('https://two.example.com/scim/v2?tenant=7', call(fetch), 30_000);

    const { url, init, headers } = requestOf(fetch);
    expect(init.method).toBe('GET');
    expect(url).toBe('https://two.example.com/scim/v2/Users?tenant=7&count=100');
    expect(headers.get('Authorization')).toBe(`Bearer ${KEY}`);
    expect(lookup).toEqual({
      users: [
        // $ref as the actions build URLs: under base-url, its query kept; a location on another host never.
        { id: 'a', userName: 'ada', display: 'Ada L', location: 'https://two.example.com/scim/v2/Users/a?tenant=7' },
        { id: 'b', userName: 'bob', display: 'Bob Smith' },
        { id: 'c', userName: 'cy', display: 'cy' },
        { id: 'd', userName: 'di', display: 'di', location: 'https://two.example.com/scim/v2/Users/d?tenant=7' },
      ],
    });
  });

  it.each([401, 429])('stops the batch on a %i, as a POST would', async (status) => {
    const lookup = await findMembers('https://three.example.com/scim/v2', call(answering(scimJson(status, {}))), 30_000);
    expect(lookup).toMatchObject({ stoppedBy: { purpose: 'members', status, request: { method: 'GET' } } });
  });

  it('goes on without members, and says why, when the list fails or is empty', async () => {
    const failed = await findMembers('https://four.example.com/scim/v2', call(answering(() => new Response('', { status: 500 }))), 30_000);
    expect(failed).toEqual({ users: [], note: 'Groups created without members: listing the users answered 500 Internal Server Error.' });
    const empty = await findMembers('https://four.example.com/scim/v2', call(answering(scimJson(200, { Resources: [] }))), 30_000);
    expect(empty).toEqual({ users: [], note: 'Groups created without members: the server holds no users yet. Generate Users first.' });
  });

  it('says a list that timed out did not answer, and that the key was just refused when the page got a 401 from that server', async () => {
    const base = 'https://seven.example.com/scim/v2';
    const hanging = (_input: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const slow = new CallLog().sender({ apiKey: KEY, timeoutMs: 50, signal: new AbortController().signal, fetch: hanging });
    expect(await findMembers(base, slow, 50)).toEqual({ users: [], note: 'Groups created without members: listing the users did not answer within 0.05 s.' });
    noteKeyAnswer(base, { status: 401, ok: false });
    expect(await findMembers(base, slow, 50)).toEqual({
      users: [],
      note: "Groups created without members: listing the users did not answer within 0.05 s. This page's last call to this server was answered 401 Unauthorized: check the API key.",
    });
    noteKeyAnswer(base, { status: 201, ok: true });
    expect((await findMembers(base, slow, 50)) as { note: string }).toMatchObject({ note: expect.not.stringContaining('401') });
  });

  it('says the list was cut, not that the server holds no users, when it passes 256 KB (L6)', async () => {
    const users = Array.from({ length: 3000 }, (_, index) => ({ id: `u-${index}`, userName: `user-${index}@example.com`, displayName: 'x'.repeat(80) }));
    const long = await findMembers('https://six.example.com/scim/v2', call(answering(scimJson(200, { Resources: users }))), 30_000);
    expect(long).toEqual({
      users: [],
      note: 'Groups created without members: the list of users was cut (longer than 256 KB, stalled, or unfinished in time), so none could be read from it.',
    });
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
      rememberCreatedUser(baseUrl, record as ScimRecord, { ok: true, id: `u-${id}` });
    }
    const kept = createdUsersAt(baseUrl);
    expect(kept).toHaveLength(KEPT_USERS_PER_BASE_URL);
    expect(kept[0]?.id).toBe('u-30');
    expect(kept.at(-1)?.id).toBe(`u-${KEPT_USERS_PER_BASE_URL + 29}`);
  });
});
