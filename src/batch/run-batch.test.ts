// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseConfig, type GeneratorConfig } from '../page/config';
import { COMPLETE_EVENT } from '../public/event-names';
import { LIST_RESPONSE_SCHEMA, USER_SCHEMA } from '../scim/protocol';
import { createRecordGenerator } from '../scim/generate';
import type { ScimRecord } from '../scim/records/schemas';
import type { ResourceSchema } from '../scim/server-schema/definitions';
import { runBatch } from './run-batch';
import type { BatchState } from './state';
import type { Made } from './left-on-server';

const BASE = 'https://scim.example.com/scim/v2';

afterEach(() => vi.unstubAllGlobals());

function configFor(attributes: Record<string, string>): GeneratorConfig {
  const parsed = parseConfig({ baseUrl: BASE, ...attributes }, 'https://docs.example.com/');
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.config;
}

/** Runs one batch to its end against `fetch`, and reports what reached the element. */
function batchOf(config: GeneratorConfig, makeRecords: (schema?: ResourceSchema) => ScimRecord[], fetch: typeof globalThis.fetch) {
  const events: { type: string; detail: unknown }[] = [];
  const made: Made[] = [];
  let state: Partial<BatchState> = {};
  vi.stubGlobal('fetch', fetch);
  const ended = new Promise<void>((resolve) => {
    runBatch(config, makeRecords, { apiKey: 'k-secret-key', addMembers: false }, {
      signal: new AbortController().signal,
      batchId: '1',
      update: (change) => {
        state = { ...state, ...change };
        if (change.running === false) resolve();
      },
      emit: (type, detail) => {
        events.push({ type, detail });
        if (type === COMPLETE_EVENT) resolve();
      },
      made: (sofar) => made.push(sofar),
      finished: () => undefined,
    });
  });
  return { ended, events, made, state: () => state };
}

/**
 * A server that publishes `/ResourceTypes` and `/Schemas` as given (JSON text, so it can nest deeper
 * than JSON.stringify goes) and answers 201 to each create; `posted` holds the bodies it received.
 */
function discoverableServer(base: string, resourceTypes: string, schemas: string) {
  const posted: string[] = [];
  const lists: Record<string, string> = { '/ResourceTypes': resourceTypes, '/Schemas': schemas };
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    if (init?.method === 'POST') {
      posted.push(String(init.body));
      return new Response(JSON.stringify({ id: `u-${posted.length}` }), { status: 201, headers: { 'Content-Type': 'application/scim+json' } });
    }
    const path = new URL(String(input)).pathname.slice(new URL(base).pathname.length);
    const body = `{"schemas":[${JSON.stringify(LIST_RESPONSE_SCHEMA)}],"totalResults":1,"Resources":${lists[path] ?? '[]'}}`;
    return new Response(body, { status: 200, headers: { 'Content-Type': 'application/scim+json' } });
  });
  return { fetch, posted };
}

const USERS_TYPE = (extensions: object[] = []) => JSON.stringify([{ name: 'User', endpoint: '/Users', schema: USER_SCHEMA, schemaExtensions: extensions }]);
const attribute = (name: string, extra: object = {}) => ({ name, type: 'string', required: true, ...extra });
const userSchema = (attributes: object[]) => ({ id: USER_SCHEMA, attributes: [attribute('userName'), ...attributes] });

/** Runs a `schema="discover"` Users batch against the server, to its complete event. */
async function discoverBatch(base: string, server: ReturnType<typeof discoverableServer>) {
  const batch = batchOf(configFor({ baseUrl: base, schema: 'discover' }), (schema) => createRecordGenerator(1)('Users', { schema }), server.fetch);
  await batch.ended;
  return batch;
}

describe('a server schema the records cannot follow: the profile, with a note that says why (F4, F6)', () => {
  it('F4: an attribute nested 5,000 deep', async () => {
    const base = 'https://deep.example.com/scim/v2';
    const depth = 5_000;
    const deep = `${'{"name":"a","type":"complex","subAttributes":['.repeat(depth)}{"name":"leaf","type":"string"}${']}'.repeat(depth)}`;
    const server = discoverableServer(base, USERS_TYPE(), `[{"id":${JSON.stringify(USER_SCHEMA)},"attributes":[${deep}]}]`);
    const batch = await discoverBatch(base, server);
    expect(batch.state().error).toBeUndefined();
    expect(batch.state()).toMatchObject({
      note: `The server's schema could not be read (/Schemas nests the attribute "a" more than 3 levels deep: RFC 7643 §2.3.8 allows sub-attributes one level below an attribute), so the records follow the basic profile.`,
    });
    expect(batch.events.filter(({ type }) => type === COMPLETE_EVENT)).toHaveLength(1);
    expect(server.posted).toHaveLength(10);
  });

  it.each(['schemas', 'Schemas', 'userName', 'id'])('F6: an extension whose id is %j', async (id) => {
    // A host per case: a page keeps each base URL's schema once read.
    const base = `https://extension-${[...id].map((c) => c.charCodeAt(0)).join('-')}.example.com/scim/v2`;
    const schemas = JSON.stringify([userSchema([]), { id, attributes: [attribute('x')] }]);
    const server = discoverableServer(base, USERS_TYPE([{ schema: id, required: true }]), schemas);
    const batch = await discoverBatch(base, server);
    expect(batch.state().error).toBeUndefined();
    expect(batch.state()).toMatchObject({
      note: `The server's schema could not be read (/ResourceTypes names the extension ${JSON.stringify(id)} of /Users, which is also the name of a core attribute), so the records follow the basic profile.`,
    });
    expect(batch.events.filter(({ type }) => type === COMPLETE_EVENT)).toHaveLength(1);
    expect(server.posted.map((body) => (JSON.parse(body) as { schemas: string[] }).schemas[0])).toEqual(Array(10).fill(USER_SCHEMA));
  });
});

describe('F7: attribute names are ordinary names, whatever they are', () => {
  it('sends required attributes named __proto__, constructor and toString as the schema declares them', async () => {
    const base = 'https://names.example.com/scim/v2';
    const schemas = JSON.stringify([userSchema([attribute('__proto__'), attribute('constructor'), attribute('toString', { type: 'reference', referenceTypes: ['User'] })])]);
    const server = discoverableServer(base, USERS_TYPE(), schemas);
    const batch = await discoverBatch(base, server);
    expect(batch.state()).not.toHaveProperty('error');
    expect(batch.state().note).toBeUndefined();
    expect(server.posted).toHaveLength(10);
    for (const body of server.posted) {
      const record = JSON.parse(body) as Record<string, unknown>;
      expect(Object.keys(record)).toEqual(['schemas', 'userName', '__proto__', 'constructor', 'toString']);
      expect(typeof record.__proto__).toBe('string');
      expect(record.constructor).toEqual(expect.any(String));
      expect(record.toString).toMatch(/^https:\/\/names\.example\.com\/scim\/v2\/Users\/[0-9a-f-]{36}$/);
    }
  });
});

describe('what the batch has made, kept as it goes (issue 47: a reload mid-batch strands nothing)', () => {
  it('is reported each time a create answers 201, before the batch ends, at {endpoint}/{id}', async () => {
    const base = 'https://made.example.com/scim/v2';
    let posted = 0;
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      posted += 1;
      // The fourth create fails: nothing of it is the batch's.
      if (posted === 4) return new Response(null, { status: 500 });
      return new Response(JSON.stringify({ id: `u-${posted}` }), { status: 201, headers: { 'Content-Type': 'application/scim+json' } });
    });
    const batch = batchOf(configFor({ baseUrl: base }), () => createRecordGenerator(1)('Users', {}), fetch);
    await batch.ended;
    expect(batch.made.map(({ targets }) => targets.length)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const last = batch.made.at(-1);
    expect(last?.resourceType).toBe('Users');
    expect(last?.memberUsers).toEqual([]);
    expect(last?.targets.map(({ url }) => url).sort()).toEqual(['u-1', 'u-2', 'u-3', 'u-5', 'u-6', 'u-7', 'u-8', 'u-9', 'u-10'].map((id) => `${base}/Users/${id}`).sort());
  });
});
