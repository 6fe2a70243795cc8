import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BatchResult } from '../batch/results';
import { COMPLETE_EVENT } from '../public/event-names';
import { USER_SCHEMA } from '../scim/protocol';
import type { PendingCall } from '../test-support/deferred-fetch';
import { API_KEY_URL, answer, mountGenerator, press, setUpGeneratorPage, shownLines } from '../test-support/element';
import { ACME_USER, CORE_GROUP, CORE_USER, RESOURCE_TYPES, listResponse } from '../test-support/server-schemas';

const page = setUpGeneratorPage();
const settle = () => act(async () => undefined);

// Each test its own base URL: what a server published is kept per base URL for the page's life.
let tests = 0;
function discovering(attributes: Record<string, string> = {}) {
  const base = `https://schema${++tests}.example.com/scim/v2`;
  const mount = () => mountGenerator({ 'base-url': base, 'api-key-url': API_KEY_URL, schema: 'discover', ...attributes });
  return { base, mount };
}

const take = () => page.server.calls.splice(0);

async function answerDiscovery(calls: PendingCall[], schemas: { status: number; body: unknown } = { status: 200, body: listResponse([CORE_USER, CORE_GROUP, ACME_USER]) }) {
  const byPath = (path: string) => calls.find((call) => call.url.endsWith(path));
  await answer(byPath('/ResourceTypes'), 200, { body: listResponse(RESOURCE_TYPES) });
  await answer(byPath('/Schemas'), schemas.status, { body: schemas.body });
  await settle();
}

async function answerAll(calls: PendingCall[], status: number) {
  for (const [index, call] of calls.entries()) await answer(call, status, { body: status === 201 ? { id: `id${index}` } : { detail: 'refused' } });
}

describe('schema="discover"', () => {
  it('reads /ResourceTypes and /Schemas, then sends ten records with the required extension', async () => {
    const server = discovering();
    const generator = server.mount();
    const complete = new Promise<BatchResult>((resolve) => generator.element.addEventListener(COMPLETE_EVENT, (event) => resolve((event as CustomEvent<BatchResult>).detail)));
    press(generator);
    const reads = take();
    expect(reads.map((call) => `${call.method ?? 'GET'} ${call.url}`).sort()).toEqual([`GET ${server.base}/ResourceTypes`, `GET ${server.base}/Schemas`]);
    await answerDiscovery(reads);

    const posts = take();
    expect(posts).toHaveLength(10);
    for (const post of posts) {
      const body = post.body as Record<string, unknown>;
      expect(body.schemas).toEqual([USER_SCHEMA, ACME_USER.id]);
      expect(body[ACME_USER.id]).toMatchObject({ costCenter: expect.stringMatching(/^CC-\d000$/), workstation: { building: expect.any(String) } });
      expect(body[ACME_USER.id]).not.toHaveProperty('badgeIssuedAt');
    }
    await answerAll(posts, 201);
    expect(shownLines(generator).filter((line) => line.part === 'result success')).toHaveLength(10);
    expect(generator.shadow.querySelector('[part="note"]')).toBeNull();
    expect((await complete).calls.filter((call) => call.purpose === 'discover').map((call) => call.request.url).sort()).toEqual([`${server.base}/ResourceTypes`, `${server.base}/Schemas`]);
  });

  it('reads them once per page and base URL: not again on the next press, nor for another element', async () => {
    const server = discovering();
    const first = server.mount();
    press(first);
    await answerDiscovery(take());
    await answerAll(take(), 201);

    press(first);
    await settle();
    const again = take();
    expect(again.map((call) => call.method)).toEqual(Array(10).fill('POST'));
    expect((again[0]?.body as { schemas: string[] }).schemas).toContain(ACME_USER.id);
    await answerAll(again, 201);

    press(server.mount());
    await settle();
    expect(take().map((call) => call.method)).toEqual(Array(10).fill('POST'));
  });

  it('sends the profile\'s ten records under a note saying why, when /Schemas answers 404; and reads again on the next press', async () => {
    const server = discovering({ profile: 'full' });
    const generator = server.mount();
    press(generator);
    await answerDiscovery(take(), { status: 404, body: { detail: 'no such endpoint' } });
    const posts = take();
    expect(posts).toHaveLength(10);
    expect((posts[0]?.body as { schemas: string[] }).schemas).not.toContain(ACME_USER.id);
    await answerAll(posts, 400);
    expect(shownLines(generator)).toHaveLength(10);
    const note = generator.shadow.querySelector('[part="note"]');
    expect(note?.textContent).toBe("The server's schema could not be read (GET /Schemas answered 404 Not Found), so the records follow the full profile.");
    // Above the lines, with Batch calls (which holds the schema reads) between them.
    expect([note?.nextElementSibling, note?.nextElementSibling?.nextElementSibling].map((element) => element?.getAttribute('part'))).toEqual(['batch-calls', 'results']);

    press(generator);
    await settle();
    expect(take().map((call) => call.url).sort()).toEqual([`${server.base}/ResourceTypes`, `${server.base}/Schemas`]);
  });
});
