// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseConfig, type GeneratorConfig } from '../config';
import { COMPLETE_EVENT } from '../event-names';
import { LIST_RESPONSE_SCHEMA, USER_SCHEMA } from '../scim/protocol';
import { createRecordGenerator } from '../scim/generate';
import type { ScimRecord } from '../scim/schemas';
import { runBatch } from './run-batch';
import type { BatchState } from './state';

const BASE = 'https://scim.example.com/scim/v2';

afterEach(() => vi.unstubAllGlobals());

function configFor(attributes: Record<string, string>): GeneratorConfig {
  const parsed = parseConfig({ baseUrl: BASE, ...attributes }, 'https://docs.example.com/');
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.config;
}

/** Runs one batch to its end against `fetch`, and reports what reached the element. */
function batchOf(config: GeneratorConfig, makeRecords: () => ScimRecord[], fetch: typeof globalThis.fetch) {
  const events: { type: string; detail: unknown }[] = [];
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
      finished: () => undefined,
    });
  });
  return { ended, events, state: () => state };
}

describe('a batch that cannot go on', () => {
  it('shows why in place of the lines when the batch stops before any item (a schema nested 5,000 deep)', async () => {
    const base = 'https://deep.example.com/scim/v2';
    // Written out, since JSON.stringify itself cannot go this deep.
    const depth = 5_000;
    const attribute = `${'{"name":"a","type":"complex","subAttributes":['.repeat(depth)}{"name":"leaf","type":"string"}${']}'.repeat(depth)}`;
    const lists: Record<string, string> = {
      '/ResourceTypes': JSON.stringify([{ name: 'User', endpoint: '/Users', schema: USER_SCHEMA }]),
      '/Schemas': `[{"id":${JSON.stringify(USER_SCHEMA)},"attributes":[${attribute}]}]`,
    };
    const fetch = vi.fn<typeof globalThis.fetch>(async (input) => {
      const path = new URL(String(input)).pathname.slice(new URL(base).pathname.length);
      const body = `{"schemas":[${JSON.stringify(LIST_RESPONSE_SCHEMA)}],"totalResults":1,"Resources":${lists[path] ?? '[]'}}`;
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/scim+json' } });
    });
    const batch = batchOf(configFor({ baseUrl: base, schema: 'discover' }), () => createRecordGenerator(1)('Users', {}), fetch);
    await batch.ended;
    expect(batch.state()).toMatchObject({ running: false, error: expect.stringMatching(/^The batch stopped: /) });
    expect(batch.events).toEqual([]);
  });
});
