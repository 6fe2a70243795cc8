import { SimpleFaker } from '@faker-js/faker';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTION_COMPLETE_EVENT, ACTION_RESULT_EVENT } from '../public/event-names';
import { readApiKey } from '../page/api-key';
import { PROFILE_MODULES } from '../scim/profiles';
import { USER_SCHEMA } from '../scim/protocol';
import { deferredFetch } from '../test-support/deferred-fetch';
import { BatchActions, type ActionConfig, type ActionItemResult, type ActionResult, type ActionsState } from './actions';
import { CallLog } from './call-log';
import { actionTargets, createdResources } from './created';
import { OwnedResources } from '../scim/http/owned';
import type { ItemResult } from './results';
import { SECOND_LOOK_MS } from '../scim/actions/read-back';
import type { ScimCall } from '../scim/http/call';
import type { KnownUser } from '../scim/records/members';
import { rememberMemberUser } from './own-members';

const BASE = 'https://scim.example.com/scim/v2';
const CONFIG: ActionConfig = { resourceType: 'Users', baseUrl: BASE, endpoint: `${BASE}/Users`, timeoutMs: 1000, profile: 'okta', batch: 1 };

type Created = Pick<ItemResult, 'index' | 'status' | 'id' | 'location' | 'record' | 'calls'>;
const USER = { schemas: [USER_SCHEMA], userName: 'ada', name: { givenName: 'Ada', familyName: 'Lovelace' }, emails: [], active: false };
/** An item of a batch, its calls its create (whose answer the item's fields give) unless `fields` says otherwise. */
function created(index: number, fields: Partial<Created> = {}): Created {
  const item = { index, status: 201, id: `u-${index}`, record: USER, ...fields };
  return { calls: [createCall(item)], ...item };
}
const createCall = ({ status, id, location }: Pick<Created, 'status' | 'id' | 'location'>) =>
  ({ purpose: 'create', status, id, location, ok: status >= 200 && status < 300 }) as unknown as ScimCall;
const tenCreated = () => Array.from({ length: 10 }, (_, index) => created(index));

let server: ReturnType<typeof deferredFetch>;
let events: { type: string; detail: unknown }[];
let states: ActionsState[];
let log: CallLog;

function actionsFor(results: readonly Created[], config: ActionConfig = CONFIG, memberUsers: readonly KnownUser[] = []): BatchActions {
  return new BatchActions(config, actionTargets(config.endpoint, results), log, {
    readApiKey: () => readApiKey(),
    onChange: (state) => states.push(state),
    emit: (type, detail) => events.push({ type, detail }),
  }, new SimpleFaker(), ownedBy(config, results), memberUsers);
}

/** What the batch created, as run-batch hands it to the actions. */
const ownedBy = (config: ActionConfig, results: readonly Created[]) => new OwnedResources(createdResources(config.endpoint, results).map(({ url }) => url));

const settle = () => (vi.isFakeTimers() ? vi.advanceTimersByTimeAsync(0) : new Promise((resolve) => setTimeout(resolve, 0)));
/** Lets the read-back's wait before its second look pass (under fake timers). */
const secondLook = () => vi.advanceTimersByTimeAsync(SECOND_LOOK_MS);
const itemEvents = () => events.filter((event) => event.type === ACTION_RESULT_EVENT).map((event) => event.detail as ActionItemResult);
const completions = () => events.filter((event) => event.type === ACTION_COMPLETE_EVENT).map((event) => event.detail as ActionResult);

beforeEach(() => {
  server = deferredFetch();
  vi.stubGlobal('fetch', server.fetch);
  events = [];
  states = [];
  log = new CallLog();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('what a batch leaves to act on', () => {
  it('counts the created resources that came back with an id', () => {
    const results = tenCreated();
    results[2] = created(2, { status: 409, id: undefined });
    results[5] = created(5, { id: undefined });
    expect(actionsFor(results).state).toEqual({
      resourceType: 'Users',
      created: 8,
      offered: ['update', 'deactivate', 'delete'],
      running: null,
      remaining: { update: 8, deactivate: 8, 'remove-members': 0, rename: 0, delete: 8 },
      outcomes: {},
      memberUsers: [],
      memberUsersLeft: 0,
    });
  });

  it('offers Delete for a resource whose create answered 201, whatever its line says afterwards (a failed members PATCH)', () => {
    const results = tenCreated();
    results[4] = { ...created(4), status: 400, calls: [createCall({ status: 201, id: 'u-4', location: undefined }), createCall({ status: 400, id: undefined, location: undefined })] };
    const actions = actionsFor(results);
    expect(actions.state).toMatchObject({ created: 10, remaining: { delete: 10 } });
    actions.run('delete');
    expect(server.calls.map(({ url }) => url)).toContain(`${BASE}/Users/u-4`);
  });

  it('leaves alone a resource answered 200: the server returned one it had, the batch made none (L4)', () => {
    const results = tenCreated();
    results[3] = created(3, { status: 200 });
    const actions = actionsFor(results);
    expect(actions.state).toMatchObject({ created: 9, remaining: { deactivate: 9, delete: 9 } });
    actions.run('delete');
    expect(server.calls.map(({ url }) => url)).not.toContain(`${BASE}/Users/u-3`);
    expect(server.calls).toHaveLength(9);
  });

  it('offers no deactivation for groups', () => {
    const actions = actionsFor(tenCreated(), { ...CONFIG, resourceType: 'Groups', endpoint: `${BASE}/Groups` });
    expect(actions.state).toMatchObject({ offered: ['rename', 'delete'], remaining: { update: 0, deactivate: 0, rename: 10, delete: 10 } });
    actions.run('deactivate');
    expect(server.calls).toEqual([]);
  });
});

describe('deactivate', () => {
  it('sends one PATCH per created user at once, in the profile dialect, with the key stored at that moment', () => {
    localStorage.setItem('apikey', 'key-at-batch');
    const actions = actionsFor(tenCreated());
    localStorage.setItem('apikey', 'key-at-action');
    actions.run('deactivate');

    expect(server.calls.map((call) => [call.method, call.url])).toEqual(
      Array.from({ length: 10 }, (_, index) => ['PATCH', `${BASE}/Users/u-${index}`]),
    );
    expect(server.calls.every((call) => call.headers.get('Authorization') === 'Bearer key-at-action')).toBe(true);
    expect(server.calls.every((call) => JSON.stringify(call.body) === JSON.stringify(PROFILE_MODULES.okta.dialect.deactivate(false)))).toBe(true);
    expect(actions.state.running).toBe('deactivate');
  });

  it('reports each call and the whole action, logs every call for its item, then has nothing left to deactivate', async () => {
    const actions = actionsFor(tenCreated());
    actions.run('deactivate');
    for (const call of [...server.calls].reverse()) call.respond(200, { body: { id: 'x', active: false } });
    await settle();
    // Each PATCH is read back (RFC 7644 §3.4.1): the GETs show the users inactive.
    for (const call of server.calls.slice(10)) call.respond(200, { body: { id: 'x', active: false } });
    await settle();

    expect(itemEvents().map((result) => [result.action, result.index, result.status, result.done, result.applied])).toEqual(
      [9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((index) => ['deactivate', index, 200, true, true]),
    );
    expect(itemEvents()[0]).toMatchObject({ resourceId: 'u-9', request: { method: 'PATCH' }, response: { status: 200 } });
    expect(itemEvents()[0]?.call).toMatchObject({ purpose: 'deactivate', item: 9, status: 200 });
    // The log keeps the order the calls were sent in, whatever order they were answered in.
    expect(log.calls.map((call) => [call.purpose, call.item, call.request.method])).toEqual([
      ...Array.from({ length: 10 }, (_, index) => ['deactivate', index, 'PATCH']),
      ...Array.from({ length: 10 }, (_, index) => ['deactivate', 9 - index, 'GET']),
    ]);
    expect(completions()).toHaveLength(1);
    expect(completions()[0]?.results.map((result) => result.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(completions()[0]?.calls).toEqual(completions()[0]?.results.flatMap(({ calls }) => calls));
    expect(actions.state).toMatchObject({ running: null, remaining: { deactivate: 0, delete: 10 } });
    expect(states.at(-1)).toEqual(actions.state);
  });

  it('keeps a user whose PATCH failed or timed out for the next press', async () => {
    vi.useFakeTimers();
    const actions = actionsFor(tenCreated().slice(0, 3));
    actions.run('deactivate');
    const [first, second] = server.calls;
    first?.respond(200);
    second?.respond(400, { body: { scimType: 'invalidValue', detail: 'active must be a boolean' } });
    await vi.advanceTimersByTimeAsync(0);
    server.calls[3]?.respond(200, { body: { id: 'u-0', active: false } });
    await vi.advanceTimersByTimeAsync(1000);

    const byIndex = Object.fromEntries(itemEvents().map((result) => [result.index, result]));
    expect(byIndex[0]).toMatchObject({ status: 200, done: true, applied: true });
    expect(byIndex[1]).toMatchObject({ status: 400, done: false, scimType: 'invalidValue', detail: 'active must be a boolean' });
    expect(byIndex[2]).toMatchObject({ status: 0, statusText: 'Timed out', done: false });
    expect(actions.state.remaining.deactivate).toBe(2);

    actions.run('deactivate');
    expect(server.calls.slice(4).map((call) => call.url)).toEqual([`${BASE}/Users/u-1`, `${BASE}/Users/u-2`]);
  });

  it('reads each user back: a 200 that left the user active is not applied, names active true, and stays to deactivate (drops-active-false)', async () => {
    vi.useFakeTimers();
    const actions = actionsFor(tenCreated().slice(0, 1));
    actions.run('deactivate');
    server.calls[0]?.respond(200, { body: { id: 'u-0', active: true } });
    await settle();
    expect(server.calls[1]).toMatchObject({ method: 'GET', url: `${BASE}/Users/u-0` });
    server.calls[1]?.respond(200, { body: { id: 'u-0', active: true } });
    await secondLook();
    server.calls[2]?.respond(200, { body: { id: 'u-0', active: true } });
    await settle();

    expect(itemEvents()[0]).toMatchObject({ done: true, applied: false, differences: ['the server still has active true'] });
    expect(actions.state.remaining.deactivate).toBe(1);
  });
});

describe('delete', () => {
  it('sends one DELETE per resource; 404 counts as already gone; what failed stays to delete', async () => {
    const actions = actionsFor(tenCreated().slice(0, 3));
    actions.run('delete');
    expect(server.calls.map((call) => [call.method, call.body])).toEqual(Array(3).fill(['DELETE', undefined]));
    server.calls[0]?.respond(204);
    server.calls[1]?.respond(404, { body: { detail: 'Resource u-1 not found' } });
    server.calls[2]?.respond(500, { body: 'oops', contentType: 'text/plain' });
    await settle();
    // Each DELETE that left it gone is read back: the GET must answer 404 (RFC 7644 §3.6).
    expect(server.calls.slice(3).map(({ method, url }) => `${method} ${url}`)).toEqual([`GET ${BASE}/Users/u-0`, `GET ${BASE}/Users/u-1`]);
    server.calls[3]?.respond(404);
    server.calls[4]?.respond(404);
    await settle();

    expect(itemEvents().sort((a, b) => a.index - b.index).map((result) => [result.status, result.done, result.applied])).toEqual([
      [204, true, true],
      [404, true, true],
      [500, false, undefined],
    ]);
    expect(actions.state.remaining).toMatchObject({ deactivate: 1, delete: 1 });

    actions.run('delete');
    server.calls[5]?.respond(204);
    await settle();
    server.calls[6]?.respond(404);
    await settle();
    expect(server.calls[5]?.url).toBe(`${BASE}/Users/u-2`);
    expect(actions.state.remaining).toMatchObject({ update: 0, deactivate: 0, delete: 0 });
  });

  it('reads each resource back: a 204 whose resource a GET still finds is not applied, and stays to delete (delete-ignored)', async () => {
    vi.useFakeTimers();
    const actions = actionsFor(tenCreated().slice(0, 1));
    actions.run('delete');
    server.calls[0]?.respond(204);
    await settle();
    server.calls[1]?.respond(200, { body: { id: 'u-0' } });
    await secondLook();
    expect(server.calls[2]).toMatchObject({ method: 'GET', url: `${BASE}/Users/u-0` });
    server.calls[2]?.respond(200, { body: { id: 'u-0' } });
    await settle();

    expect(itemEvents()[0]).toMatchObject({ status: 204, done: true, applied: false, differences: ['a GET still finds the user'] });
    expect(itemEvents()[0]?.calls.map(({ request }) => request.method)).toEqual(['DELETE', 'GET', 'GET']);
    expect(actions.state.remaining).toMatchObject({ deactivate: 1, delete: 1 });
  });
});

describe("the Delete of a Groups batch: the users this page created to be the groups' members", () => {
  const GROUPS: ActionConfig = { ...CONFIG, resourceType: 'Groups', endpoint: `${BASE}/Groups` };
  const group = (index: number, members: string[]): Created =>
    created(index, { id: `g-${index}`, record: { schemas: [], displayName: `g${index}`, members: members.map((value) => ({ value })) } });
  /** Users findMembers created (ids unique to the test: the page's registry outlives it). */
  const memberUsers = (...ids: string[]): KnownUser[] =>
    ids.map((id) => {
      rememberMemberUser(id, `${BASE}/Users/${id}`);
      return { id, userName: `${id}@example.com`, display: id };
    });
  const answer = async (status: number, urls: string[], method = 'DELETE') => {
    for (const call of server.calls.filter((call) => call.method === method && urls.includes(call.url))) call.respond(status);
    await settle();
  };
  /** The read-back GETs after the DELETEs. */
  const answerGets = (status: number, urls: string[]) => answer(status, urls, 'GET');
  // A call left unanswered would time out during a later test, and its events land there.
  const live: BatchActions[] = [];
  const groupActions = (...args: Parameters<typeof actionsFor>) => {
    const actions = actionsFor(...args);
    live.push(actions);
    return actions;
  };
  afterEach(() => {
    for (const actions of live.splice(0)) actions.abandon();
  });

  it('deletes them after the groups, reads each back (404), keeps one another batch of the page still has, and deletes again what is still there', async () => {
    vi.useFakeTimers();
    const users = memberUsers('own-a', 'own-b', 'own-c');
    const other = groupActions([group(5, ['own-c'])], GROUPS, users);
    const actions = groupActions([group(0, ['own-a', 'own-b']), group(1, ['own-b'])], GROUPS, users);
    expect(actions.state.memberUsersLeft).toBe(0); // every one is in a group
    actions.run('delete');
    expect(server.calls.map(({ method, url }) => `${method} ${url}`)).toEqual([`DELETE ${BASE}/Groups/g-0`, `DELETE ${BASE}/Groups/g-1`]);
    await answer(204, [`${BASE}/Groups/g-0`, `${BASE}/Groups/g-1`]);
    await answerGets(404, [`${BASE}/Groups/g-0`, `${BASE}/Groups/g-1`]);
    expect(server.calls.slice(4).map(({ method, url }) => `${method} ${url}`)).toEqual([`DELETE ${BASE}/Users/own-a`, `DELETE ${BASE}/Users/own-b`]);
    await answer(204, [`${BASE}/Users/own-a`, `${BASE}/Users/own-b`]);
    server.calls.find(({ method, url }) => method === 'GET' && url.endsWith('own-a'))?.respond(404);
    server.calls.find(({ method, url }) => method === 'GET' && url.endsWith('own-b'))?.respond(200, { body: { id: 'own-b' } });
    await secondLook();
    server.calls.at(-1)?.respond(200, { body: { id: 'own-b' } });
    await settle();

    const [complete] = completions();
    expect(complete?.memberUsers).toEqual([
      expect.objectContaining({ resourceId: 'own-a', action: 'delete', done: true, applied: true }),
      expect.objectContaining({ resourceId: 'own-b', done: true, applied: false, differences: ['a GET still finds the user'] }),
      { resourceId: 'own-c', userName: 'own-c@example.com', kept: "Kept: still a member of a group of another of this page's batches", calls: [] },
    ]);
    expect(complete?.calls.map(({ purpose, item, request }) => [purpose, item, request.method])).toEqual([
      ['delete', 0, 'DELETE'],
      ['delete', 0, 'GET'],
      ['delete', 1, 'DELETE'],
      ['delete', 1, 'GET'],
      ...[['DELETE'], ['GET'], ['DELETE'], ['GET'], ['GET']].map(([method]) => ['delete', undefined, method]),
    ]);
    expect(actions.state).toMatchObject({ remaining: { delete: 0 }, memberUsersLeft: 1 });

    const sent = server.calls.length;
    actions.run('delete');
    await settle();
    expect(server.calls.slice(sent).map(({ method, url }) => `${method} ${url}`)).toEqual([`DELETE ${BASE}/Users/own-b`]);
    await answer(204, [`${BASE}/Users/own-b`]);
    server.calls.at(-1)?.respond(404);
    await settle();
    expect(actions.state.memberUsersLeft).toBe(0);
    // The other batch has nothing left to delete but its own group's member.
    expect(other.state.memberUsersLeft).toBe(0);
    other.run('delete');
    await answer(204, [`${BASE}/Groups/g-5`]);
    await answerGets(404, [`${BASE}/Groups/g-5`]);
    expect(server.calls.at(-1)?.url).toBe(`${BASE}/Users/own-c`);
  });

  it('keeps a member of a group of the batch whose DELETE failed, until a later Delete removes the group', async () => {
    const users = memberUsers('own-d');
    const actions = groupActions([group(0, ['own-d'])], GROUPS, users);
    actions.run('delete');
    await answer(500, [`${BASE}/Groups/g-0`]);
    expect(completions()[0]?.memberUsers).toEqual([expect.objectContaining({ resourceId: 'own-d', kept: 'Kept: still a member of a group of this batch that is not deleted' })]);
    expect(server.calls).toHaveLength(1);

    actions.run('delete');
    await answer(204, [`${BASE}/Groups/g-0`]);
    await answerGets(404, [`${BASE}/Groups/g-0`]);
    await answer(204, [`${BASE}/Users/own-d`]);
    expect(server.calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      `DELETE ${BASE}/Groups/g-0`,
      `DELETE ${BASE}/Groups/g-0`,
      `GET ${BASE}/Groups/g-0`,
      `DELETE ${BASE}/Users/own-d`,
      `GET ${BASE}/Users/own-d`,
    ]);
  });

  it('offers Delete for them when no group of the batch was created', async () => {
    const actions = groupActions([created(0, { status: 500, id: undefined })], GROUPS, memberUsers('own-e'));
    expect(actions.state).toMatchObject({ created: 0, offered: ['delete'], memberUsersLeft: 1 });
    actions.run('delete');
    await settle();
    await answer(204, [`${BASE}/Users/own-e`]);
    server.calls.at(-1)?.respond(404);
    await settle();
    expect(completions()[0]).toMatchObject({ results: [], memberUsers: [{ resourceId: 'own-e', done: true, applied: true }] });
    expect(actions.state.memberUsersLeft).toBe(0);
  });

  it('deletes no user a Users batch of the page created: only those made to be members', () => {
    const actions = groupActions([group(0, ['u-9'])], GROUPS, [{ id: 'u-9', userName: 'u9@example.com', display: 'u9' }]);
    expect(actions.state.memberUsersLeft).toBe(0);
    actions.run('delete');
    expect(server.calls.map(({ url }) => url)).toEqual([`${BASE}/Groups/g-0`]);
  });
});

describe('where the calls go', () => {
  it('acts only at {endpoint}/{id}, and not at all on a resource whose location names another URL (issue 49)', () => {
    const actions = actionsFor([
      created(0, { location: `${BASE}/Users/VICTIM` }),
      created(1, { location: 'https://attacker.example/scim/v2/Users/u-1' }),
      created(2, { location: 'https://scim.example.com/other/u-2' }),
      created(3, { location: `${BASE}/Users` }),
      created(4, { location: `${BASE}/Users/..%2fGroups%2fg-1` }),
      created(5, { location: `${BASE}/Users/u-5` }),
      created(6, { location: '/scim/v2/Users/u-6#top' }),
      created(7),
    ]);
    localStorage.setItem('apikey', 'secret-key-1234');
    actions.run('delete');
    // u-1's location is on another host at u-1's path (issue 50): ignored, and the call goes to {endpoint}/{id}.
    expect(server.calls.map((call) => call.url)).toEqual([`${BASE}/Users/u-1`, `${BASE}/Users/u-5`, `${BASE}/Users/u-6`, `${BASE}/Users/u-7`]);
  });
});

describe('abandoning', () => {
  it('drops the calls in flight and their events', async () => {
    const actions = actionsFor(tenCreated());
    actions.run('delete');
    const inFlight = [...server.calls];
    actions.abandon();
    inFlight.forEach((call) => call.respond(204));
    await settle();

    expect(inFlight.every((call) => call.signal.aborted)).toBe(true);
    expect(events).toEqual([]);
  });
});

describe('the actions that read back', () => {
  const GROUPS: ActionConfig = { ...CONFIG, resourceType: 'Groups', endpoint: `${BASE}/Groups` };
  const group = (index: number, members: string[]): Created =>
    created(index, { id: `g-${index}`, record: { schemas: [], displayName: `g${index}`, members: members.map((value) => ({ value })) } });
  let answered = 0;
  beforeEach(() => {
    answered = 0;
  });
  /** Answers every call not answered yet. */
  const answerAll = async (status: number, body?: (url: string) => unknown) => {
    for (const call of server.calls.slice(answered)) call.respond(status, body ? { body: body(call.url) } : {});
    answered = server.calls.length;
    await settle();
  };

  it('Update (okta) GETs the user, PUTs it back changed, then reads it back: applied when the GET shows the new values', async () => {
    const actions = actionsFor([created(0)]);
    actions.run('update');
    expect(server.calls.map((call) => call.method)).toEqual(['GET']);
    const stored = { id: 'u-0', userName: 'ada', name: { givenName: 'Ada', familyName: 'Lovelace' }, emails: [{ type: 'work', value: 'ada@example.com' }] };
    await answerAll(200, () => stored);
    const put = server.calls[1];
    expect(put).toMatchObject({ method: 'PUT', url: `${BASE}/Users/u-0` });
    await answerAll(200, () => put?.body);
    expect(server.calls.map((call) => call.method)).toEqual(['GET', 'PUT', 'GET']);
    await answerAll(200, () => put?.body);

    expect(itemEvents()).toEqual([expect.objectContaining({ action: 'update', status: 200, done: true, applied: true, differences: [] })]);
    expect(itemEvents()[0]?.calls.map((call) => [call.purpose, call.request.method])).toEqual([
      ['update', 'GET'],
      ['update', 'PUT'],
      ['update', 'GET'],
    ]);
    expect(itemEvents()[0]?.call.request.method).toBe('PUT');
    expect(actions.state.outcomes[0]).toMatchObject({ action: 'update', applied: true });
  });

  it('Update names what the server kept when it answered 200 but did not change it', async () => {
    vi.useFakeTimers();
    const actions = actionsFor([created(0)], { ...CONFIG, profile: 'basic' });
    actions.run('update');
    const patch = server.calls[0];
    expect(patch?.method).toBe('PATCH');
    await answerAll(200, () => ({}));
    await answerAll(200, () => ({ id: 'u-0', name: { familyName: 'Lovelace' } }));
    expect(itemEvents()).toEqual([]);
    await secondLook();
    await answerAll(200, () => ({ id: 'u-0', name: { familyName: 'Lovelace' } }));
    expect(server.calls.map((call) => call.method)).toEqual(['PATCH', 'GET', 'GET']);
    expect(itemEvents()[0]).toMatchObject({ done: true, applied: false, differences: ['the server still has family name "Lovelace"'] });
  });

  it('Update applied late (a server that shows a write on the second GET) reads as applied, after 1 s', async () => {
    vi.useFakeTimers();
    const actions = actionsFor([created(0)], { ...CONFIG, profile: 'basic' });
    actions.run('update');
    await answerAll(200, () => ({}));
    await answerAll(200, () => ({ id: 'u-0', name: { familyName: 'Lovelace' } }));
    await secondLook();
    const familyName = (server.calls[0]?.body as { Operations: { path: string; value: string }[] }).Operations.find(({ path }) => path === 'name.familyName')?.value;
    const employeeNumber = (server.calls[0]?.body as { Operations: { path: string; value: string }[] }).Operations.find(({ path }) => path.endsWith(':employeeNumber'))?.value;
    await answerAll(200, () => ({ id: 'u-0', name: { familyName }, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { employeeNumber } }));
    expect(itemEvents()[0]).toMatchObject({ done: true, applied: true, differences: [], appliedAfterMs: 1000 });
  });

  it('Update that failed sends no read-back', async () => {
    const actions = actionsFor([created(0)], { ...CONFIG, profile: 'entra' });
    actions.run('update');
    await answerAll(400, () => ({ scimType: 'invalidPath', detail: 'no such path' }));
    expect(server.calls).toHaveLength(1);
    expect(itemEvents()[0]).toMatchObject({ done: false, scimType: 'invalidPath' });
    expect(itemEvents()[0]).not.toHaveProperty('applied');
  });

  it('Remove members removes the first member still in each group, only from groups that have one, and moves on once it is gone', async () => {
    const actions = actionsFor([group(0, ['a', 'b']), group(1, [])], GROUPS);
    expect(actions.state).toMatchObject({ offered: ['remove-members', 'rename', 'delete'], remaining: { 'remove-members': 1 } });
    actions.run('remove-members');
    expect(server.calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['PATCH', `${BASE}/Groups/g-0`, PROFILE_MODULES.okta.dialect['remove-members']('a')],
    ]);
    await answerAll(204);
    await answerAll(200, () => ({ id: 'g-0', members: [{ value: 'b' }] }));
    expect(itemEvents()[0]).toMatchObject({ action: 'remove-members', status: 204, applied: true });

    vi.useFakeTimers();
    actions.run('remove-members');
    expect(server.calls[2]?.body).toEqual(PROFILE_MODULES.okta.dialect['remove-members']('b'));
    await answerAll(204);
    await answerAll(200, () => ({ id: 'g-0', members: [{ value: 'b' }] }));
    await secondLook();
    await answerAll(200, () => ({ id: 'g-0', members: [{ value: 'b' }] }));
    expect(itemEvents()[1]).toMatchObject({ applied: false, differences: ['the member is still in the group'] });
    expect(actions.state.remaining['remove-members']).toBe(1);
  });

  it('Rename reads back the new displayName, and says so when the resource is gone', async () => {
    const actions = actionsFor([group(0, []), group(1, [])], GROUPS);
    actions.run('rename');
    const names = server.calls.map((call) => (call.body as { Operations: { value: { displayName: string } }[] }).Operations[0]?.value.displayName);
    expect(new Set(names).size).toBe(2);
    await answerAll(200, () => ({}));
    server.calls[2]?.respond(200, { body: { id: 'g-0', displayName: names[0] } });
    server.calls[3]?.respond(404, { body: { detail: 'gone' } });
    answered = 4;
    await settle();
    const byIndex = Object.fromEntries(itemEvents().map((result) => [result.index, result]));
    expect(byIndex[0]).toMatchObject({ applied: true });
    expect(byIndex[1]).toMatchObject({ applied: false, differences: ['the resource is gone (the read-back GET answered 404 Not Found)'] });
    expect(completions()[0]?.calls.map((call) => [call.item, call.request.method])).toEqual([
      [0, 'PATCH'],
      [0, 'GET'],
      [1, 'PATCH'],
      [1, 'GET'],
    ]);
  });

  it('makes the same new values from the same seed', () => {
    const seeded = () => {
      const faker = new SimpleFaker();
      faker.seed([5, 1]);
      return new BatchActions(GROUPS, actionTargets(GROUPS.endpoint, [group(0, [])]), log, { readApiKey, onChange: () => undefined, emit: () => undefined }, faker, ownedBy(GROUPS, [group(0, [])]));
    };
    seeded().run('rename');
    seeded().run('rename');
    expect(server.calls[0]?.body).toEqual(server.calls[1]?.body);
  });
});
