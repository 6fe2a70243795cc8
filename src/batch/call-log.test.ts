import { SimpleFaker } from '@faker-js/faker';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTION_COMPLETE_EVENT, ACTION_RESULT_EVENT } from '../public/event-names';
import { PATCH_OP_SCHEMA, USER_SCHEMA } from '../scim/protocol';
import { callsOf, type ScimCall } from '../scim/http/call';
import { OwnedResources } from '../scim/http/owned';
import { harOf } from '../scim/evidence/har';
import type { ScimUser } from '../scim/records/schemas';
import { deferredFetch } from '../test-support/deferred-fetch';
import { BatchActions, type ActionResult } from './actions';
import { actionTargets } from './created';
import { CallLog } from './call-log';
import { createThenAddMembers } from '../scim/flows/sequence';

const BASE = 'https://scim.example.com/scim/v2';
const CONFIG = { resourceType: 'Users', baseUrl: BASE, endpoint: `${BASE}/Users`, timeoutMs: 1000, profile: 'basic', batch: 1 } as const;
const KEY = 'Secret-Key-0123456789';
const RECORD: ScimUser = { schemas: [USER_SCHEMA], userName: 'ada', name: { givenName: 'Ada', familyName: 'Lovelace' }, emails: [], active: true };
const PATCH = { schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'add', path: 'title', value: 'Countess' }] };

let server: ReturnType<typeof deferredFetch>;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  server = deferredFetch();
  vi.stubGlobal('fetch', server.fetch);
  localStorage.setItem('apikey', KEY);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The create of a user the server answered 201 with `id`, as an item's calls hold it. */
const createCall = (id: string) => ({ purpose: 'create', status: 201, ok: true, id }) as unknown as ScimCall;

const settings = () => ({ apiKey: KEY, timeoutMs: 1000, signal: new AbortController().signal });

/** Item 0 is created (POST, then a PATCH after the create), deactivated and deleted, each action read back; the server echoes the key. */
async function oneItemsLife(): Promise<{ log: CallLog; served: string[]; completions: ActionResult[] }> {
  const log = new CallLog();
  const served: string[] = [];
  const respond = (status: number, body: string | undefined) => {
    const call = server.calls.at(-1);
    if (body !== undefined) served.push(body);
    call?.respond(status, { body, headers: { 'X-Request-Key': KEY.toUpperCase() } });
  };
  const completions: ActionResult[] = [];

  const created = createThenAddMembers({ record: RECORD, membersPatch: PATCH, urls: CONFIG, send: log.sender(settings(), 0) });
  respond(201, '{"id" : "u-1",  "userName":"ada"}');
  await settle();
  respond(204, undefined);
  expect((await created).decided).toMatchObject({ purpose: 'create', status: 201, id: 'u-1' });

  const actions = new BatchActions(CONFIG, actionTargets(CONFIG.endpoint, [{ index: 0, record: RECORD, calls: callsOf(log.calls, 0) }]), log, {
    readApiKey: () => KEY,
    onChange: () => undefined,
    emit: (type, detail) => type === ACTION_COMPLETE_EVENT && completions.push(detail as ActionResult),
  }, new SimpleFaker(), new OwnedResources([`${CONFIG.endpoint}/u-1`]));
  actions.run('deactivate');
  respond(200, `{"id":"u-1","active":false,"note":"key was ${KEY.toLowerCase()}"}`);
  await settle();
  respond(200, '{"id":"u-1","active":false}'); // the read-back
  await settle();
  actions.run('delete');
  respond(204, undefined);
  await settle();
  respond(404, undefined); // the read-back: gone (RFC 7644 §3.6)
  await settle();
  return { log, served, completions };
}

describe('the call log', () => {
  it('records every call of an item, create + PATCH + Deactivate and its read-back + Delete and its read-back, in the order sent', async () => {
    const { log, completions } = await oneItemsLife();
    expect(log.calls.map(({ purpose, item, request, status }) => [purpose, item, request.method, status])).toEqual([
      ['create', 0, 'POST', 201],
      ['members', 0, 'PATCH', 204],
      ['deactivate', 0, 'PATCH', 200],
      ['deactivate', 0, 'GET', 200],
      ['delete', 0, 'DELETE', 204],
      ['delete', 0, 'GET', 404],
    ]);
    expect(callsOf(log.calls, 0)).toEqual(log.calls);
    expect(callsOf(log.calls, 1)).toEqual([]);
    expect(completions.map(({ action, calls }) => [action, calls])).toEqual([
      ['deactivate', [log.calls[2], log.calls[3]]],
      ['delete', [log.calls[4], log.calls[5]]],
    ]);
  });

  it('keeps the order calls were sent in when their answers arrive in another order', async () => {
    const log = new CallLog();
    const first = log.sender(settings(), 0)({ method: 'POST', url: CONFIG.endpoint, body: RECORD }, 'create');
    const second = log.sender(settings(), 1)({ method: 'POST', url: CONFIG.endpoint, body: RECORD }, 'create');
    server.calls[1]?.respond(201, { body: { id: 'b' } });
    await second;
    expect(log.calls.map((call) => call.item)).toEqual([1]);
    server.calls[0]?.respond(201, { body: { id: 'a' } });
    await first;
    expect(log.calls.map((call) => call.item)).toEqual([0, 1]);
  });

  it('gives a HAR with one entry per call, each response body the bytes served, the key masked', async () => {
    const { log, served } = await oneItemsLife();
    const har = harOf(log.calls, { name: 'scim-generator', version: '0' });
    expect(har.log.entries.map((entry) => [entry.request.method, entry.response.status])).toEqual([
      ['POST', 201],
      ['PATCH', 204],
      ['PATCH', 200],
      ['GET', 200],
      ['DELETE', 204],
      ['GET', 404],
    ]);
    const bodies = har.log.entries.flatMap((entry) => (entry.response.content.text ? [entry.response.content.text] : []));
    expect(bodies[0]).toBe(served[0]);
    expect(bodies[1]).toBe(served[1]?.replace(KEY.toLowerCase(), '[redacted]'));
  });

  it('holds the key in no letter case, in requests, answers or HAR', async () => {
    const { log } = await oneItemsLife();
    const everything = JSON.stringify([log.calls, harOf(log.calls, { name: 'scim-generator', version: '0' })]);
    for (const form of [KEY, KEY.toLowerCase(), KEY.toUpperCase()]) expect(everything).not.toContain(form);
    expect(everything).toContain('[redacted]');
  });
});

describe('action events', () => {
  it('carry their call, the log entry', async () => {
    const log = new CallLog();
    const results: unknown[] = [];
    const actions = new BatchActions(CONFIG, actionTargets(CONFIG.endpoint, [{ index: 4, record: RECORD, calls: [createCall('u-4')] }]), log, {
      readApiKey: () => KEY,
      onChange: () => undefined,
      emit: (type, detail) => type === ACTION_RESULT_EVENT && results.push(detail),
    }, new SimpleFaker(), new OwnedResources([`${CONFIG.endpoint}/u-4`]));
    actions.run('delete');
    server.calls[0]?.respond(204);
    await settle();
    server.calls[1]?.respond(404);
    await settle();
    expect(results).toEqual([expect.objectContaining({ action: 'delete', index: 4, status: 204, call: log.calls[0], applied: true, calls: log.calls })]);
    expect(log.calls[0]).toMatchObject({ purpose: 'delete', item: 4 });
  });
});
