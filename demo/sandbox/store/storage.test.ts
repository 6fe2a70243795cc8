// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../http/app';
import { leastBlockMs } from '../test-support/event-loop-block';
import { ERROR_SCHEMA, GROUP_SCHEMA, PATCH_SCHEMA, newUser, startSandbox, type RunningSandbox } from '../test-support/test-sandbox';

// Issue 27, M6: nothing bounded what a key could store (2,000 creates with a 95 KB title grew the
// process by 437 MB), and a list cloned every stored user (a GET /Users stalled it for 2.5 s).
const TITLE = 'x'.repeat(95 * 1024);

let current: RunningSandbox | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function sandboxWithKeys(options: SandboxOptions): Promise<{ sandbox: RunningSandbox; a: string; b: string }> {
  current = await startSandbox(options);
  return { sandbox: current, a: await current.createKey('pro'), b: await current.createKey('pro') };
}

const create = (sandbox: RunningSandbox, key: string, body: unknown) => sandbox.scim('/Users', { method: 'POST', key, body });

async function expectRefused(response: Response, status: number, detail: RegExp): Promise<void> {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ schemas: [ERROR_SCHEMA], status: String(status), detail: expect.stringMatching(detail) });
}

describe('each key holds a bounded amount of data', () => {
  it('refuses a create past SANDBOX_TENANT_MAX_BYTES with 403, for that key only, until it deletes some', async () => {
    const { sandbox, a, b } = await sandboxWithKeys({ tenantMaxBytes: 1_000_000 });
    const ids: string[] = [];
    for (let index = 0; index < 10; index++) {
      const response = await create(sandbox, a, newUser(`big.${index}`, { title: TITLE }));
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }

    await expectRefused(await create(sandbox, a, newUser('big.10', { title: TITLE })), 403, /maximum of 1000000 bytes/);
    expect((await create(sandbox, b, newUser('big.10', { title: TITLE }))).status).toBe(201);
    expect((await sandbox.scim(`/Users/${ids[0]}`, { method: 'DELETE', key: a })).status).toBe(204);
    expect((await create(sandbox, a, newUser('big.10', { title: TITLE }))).status).toBe(201);
  });

  it('refuses a create past SANDBOX_TENANT_MAX_RESOURCES, Users and Groups together, with 403', async () => {
    const { sandbox, a, b } = await sandboxWithKeys({ tenantMaxResources: 3 });
    expect((await create(sandbox, a, newUser('one'))).status).toBe(201);
    expect((await create(sandbox, a, newUser('two'))).status).toBe(201);
    expect((await sandbox.scim('/Groups', { method: 'POST', key: a, body: { schemas: [GROUP_SCHEMA], displayName: 'three' } })).status).toBe(201);

    await expectRefused(await create(sandbox, a, newUser('four')), 403, /maximum of 3 Users and Groups/);
    await expectRefused(await sandbox.scim('/Groups', { method: 'POST', key: a, body: { schemas: [GROUP_SCHEMA], displayName: 'four' } }), 403, /maximum of 3/);
    expect((await create(sandbox, b, newUser('four'))).status).toBe(201);
  });

  it('refuses with 413 a PATCH that would make a resource larger than 100 KB, and keeps it as it was', async () => {
    const { sandbox, a } = await sandboxWithKeys({});
    const { id } = (await (await create(sandbox, a, newUser('growing', { title: 'y'.repeat(60 * 1024) }))).json()) as { id: string };

    const grown = await sandbox.scim(`/Users/${id}`, {
      method: 'PATCH',
      key: a,
      body: { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'displayName', value: 'z'.repeat(60 * 1024) }] },
    });

    await expectRefused(grown, 413, /at most 100 KB as JSON/);
    expect(((await (await sandbox.scim(`/Users/${id}`, { key: a })).json()) as { displayName?: string }).displayName).toBeUndefined();
  });
});

describe('a list reads its page from the store, not every resource of the key', () => {
  it(`answers lists from 200 users of 95 KB without blocking the sandbox for 100 ms`, async () => {
    const { sandbox, a } = await sandboxWithKeys({});
    for (let index = 0; index < 200; index++) expect((await create(sandbox, a, newUser(`big.${index}`, { title: TITLE }))).status).toBe(201);

    for (const query of ['', '?count=200', '?startIndex=150&count=50', `?filter=${encodeURIComponent('title sw "x" and userName ew "9"')}`]) {
      let body: { totalResults?: number } = {};
      const blocked = await leastBlockMs(async () => {
        body = (await (await sandbox.scim(`/Users${query}`, { key: a })).json()) as typeof body;
      });
      expect(body.totalResults, query).toBe(query.includes('filter') ? 20 : 200);
      expect(blocked, query).toBeLessThan(100);
    }
  }, 60_000);
});
