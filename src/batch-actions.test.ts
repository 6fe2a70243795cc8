import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchActions, type ActionConfig, type ActionItemResult, type ActionResult } from './batch-actions';
import type { ItemResult } from './batch-controller';
import { ACTION_COMPLETE_EVENT, ACTION_RESULT_EVENT } from './constants';
import { DEACTIVATE_BODIES } from './scim/deactivate';
import { deferredFetch } from './test-support/deferred-fetch';

const BASE = 'https://scim.example.com/scim/v2';
const CONFIG: ActionConfig = { resourceType: 'Users', baseUrl: BASE, endpoint: `${BASE}/Users`, timeoutMs: 1000, profile: 'okta' };

function itemResult(index: number, fields: Partial<ItemResult> = {}): ItemResult {
  return {
    index,
    status: 201,
    statusText: 'Created',
    ok: true,
    id: `u-${index}`,
    startedAt: '2026-11-22T09:00:00.000Z',
    durationMs: 5,
    request: { method: 'POST', url: `${BASE}/Users`, headers: {} },
    record: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: `Group ${index}` },
    ...fields,
  };
}

const tenCreated = () => Array.from({ length: 10 }, (_, index) => itemResult(index));

let server: ReturnType<typeof deferredFetch>;
let events: { type: string; detail: unknown }[];
let actions: BatchActions;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const itemEvents = () => events.filter((event) => event.type === ACTION_RESULT_EVENT).map((event) => event.detail as ActionItemResult);
const completions = () => events.filter((event) => event.type === ACTION_COMPLETE_EVENT).map((event) => event.detail as ActionResult);

beforeEach(() => {
  server = deferredFetch();
  vi.stubGlobal('fetch', server.fetch);
  events = [];
  actions = new BatchActions((type, detail) => events.push({ type, detail }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('what a batch leaves to act on', () => {
  it('counts the created resources that came back with an id', () => {
    const results = tenCreated();
    results[2] = itemResult(2, { status: 409, statusText: 'Conflict', ok: false, id: undefined });
    results[5] = itemResult(5, { id: undefined });
    actions.track(CONFIG, results);
    expect(actions.getState()).toEqual({ resourceType: 'Users', created: 8, running: null, remaining: { deactivate: 8, delete: 8 }, outcomes: {} });
  });

  it('offers no deactivation for groups', () => {
    actions.track({ ...CONFIG, resourceType: 'Groups', endpoint: `${BASE}/Groups` }, tenCreated());
    expect(actions.getState().remaining).toEqual({ deactivate: 0, delete: 10 });
    actions.run('deactivate');
    expect(server.calls).toEqual([]);
  });
});

describe('deactivate', () => {
  it('sends one PATCH per created user at once, in the profile dialect, with the key stored at that moment', () => {
    localStorage.setItem('apikey', 'key-at-batch');
    actions.track(CONFIG, tenCreated());
    localStorage.setItem('apikey', 'key-at-action');
    actions.run('deactivate');

    expect(server.calls.map((call) => [call.method, call.url])).toEqual(
      Array.from({ length: 10 }, (_, index) => ['PATCH', `${BASE}/Users/u-${index}`]),
    );
    expect(server.calls.every((call) => call.headers.get('Authorization') === 'Bearer key-at-action')).toBe(true);
    expect(server.calls.every((call) => JSON.stringify(call.body) === JSON.stringify(DEACTIVATE_BODIES.okta))).toBe(true);
    expect(actions.getState().running).toBe('deactivate');
  });

  it('reports each call and the whole action, then has nothing left to deactivate', async () => {
    actions.track(CONFIG, tenCreated());
    actions.run('deactivate');
    for (const call of [...server.calls].reverse()) call.respond(200, { body: { id: 'x', active: false } });
    await settle();

    expect(itemEvents().map((result) => [result.action, result.index, result.status, result.done])).toEqual(
      [9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((index) => ['deactivate', index, 200, true]),
    );
    expect(itemEvents()[0]).toMatchObject({ resourceId: 'u-9', request: { method: 'PATCH' }, response: { status: 200 } });
    expect(completions()).toHaveLength(1);
    expect(completions()[0]?.results.map((result) => result.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(actions.getState()).toMatchObject({ running: null, remaining: { deactivate: 0, delete: 10 } });
  });

  it('keeps a user whose PATCH failed or timed out for the next press', async () => {
    vi.useFakeTimers();
    actions.track(CONFIG, tenCreated().slice(0, 3));
    actions.run('deactivate');
    const [first, second] = server.calls;
    first?.respond(200);
    second?.respond(400, { body: { scimType: 'invalidValue', detail: 'active must be a boolean' } });
    await vi.advanceTimersByTimeAsync(1000);

    const byIndex = actions.getState().outcomes;
    expect(byIndex[1]).toMatchObject({ status: 400, done: false, scimType: 'invalidValue', detail: 'active must be a boolean' });
    expect(byIndex[2]).toMatchObject({ status: 0, statusText: 'Timed out', done: false });
    expect(actions.getState().remaining.deactivate).toBe(2);

    actions.run('deactivate');
    expect(server.calls.slice(3).map((call) => call.url)).toEqual([`${BASE}/Users/u-1`, `${BASE}/Users/u-2`]);
  });
});

describe('delete', () => {
  it('sends one DELETE per resource; 404 counts as already gone; what failed stays to delete', async () => {
    actions.track(CONFIG, tenCreated().slice(0, 3));
    actions.run('delete');
    expect(server.calls.map((call) => [call.method, call.body])).toEqual(Array(3).fill(['DELETE', undefined]));
    server.calls[0]?.respond(204);
    server.calls[1]?.respond(404, { body: { detail: 'Resource u-1 not found' } });
    server.calls[2]?.respond(500, { body: 'oops', contentType: 'text/plain' });
    await settle();

    expect(itemEvents().map((result) => [result.status, result.done])).toEqual([
      [204, true],
      [404, true],
      [500, false],
    ]);
    expect(actions.getState().remaining).toEqual({ deactivate: 1, delete: 1 });

    actions.run('delete');
    server.calls[3]?.respond(204);
    await settle();
    expect(server.calls[3]?.url).toBe(`${BASE}/Users/u-2`);
    expect(actions.getState().remaining).toEqual({ deactivate: 0, delete: 0 });
  });
});

describe('where the calls go', () => {
  it('uses meta.location under base-url, and {endpoint}/{id} for a location anywhere else', () => {
    actions.track(CONFIG, [
      itemResult(0, { location: `${BASE}/Users/moved/u-0` }),
      itemResult(1, { location: 'https://attacker.example/scim/v2/Users/u-1' }),
      itemResult(2, { location: 'https://scim.example.com/other/u-2' }),
    ]);
    localStorage.setItem('apikey', 'secret-key-1234');
    actions.run('delete');
    expect(server.calls.map((call) => call.url)).toEqual([`${BASE}/Users/moved/u-0`, `${BASE}/Users/u-1`, `${BASE}/Users/u-2`]);
    expect(server.calls.every((call) => new URL(call.url).origin === 'https://scim.example.com')).toBe(true);
  });
});

describe('abandoning', () => {
  it('drops the calls in flight and their events when a new batch takes over', async () => {
    actions.track(CONFIG, tenCreated());
    actions.run('delete');
    const inFlight = [...server.calls];
    actions.track(CONFIG, tenCreated().slice(0, 2));
    inFlight.forEach((call) => call.respond(204));
    await settle();

    expect(inFlight.every((call) => call.signal.aborted)).toBe(true);
    expect(events).toEqual([]);
    expect(actions.getState()).toEqual({ resourceType: 'Users', created: 2, running: null, remaining: { deactivate: 2, delete: 2 }, outcomes: {} });
  });

  it('has nothing to act on once abandoned', () => {
    actions.track(CONFIG, tenCreated());
    actions.abandon();
    actions.run('delete');
    expect(server.calls).toEqual([]);
    expect(actions.getState()).toMatchObject({ resourceType: null, remaining: { deactivate: 0, delete: 0 } });
  });
});
