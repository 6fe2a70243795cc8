// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxOptions } from './app';
import { KeyRing } from './keys';
import { ERROR_SCHEMA, startSandbox, type RunningSandbox } from './test-sandbox';

let current: RunningSandbox | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  current = await startSandbox(options);
  return current;
}

function requestKey(sandbox: RunningSandbox, forwardedFor?: string): Promise<Response> {
  const headers = { 'Content-Type': 'application/json', ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) };
  return fetch(`${sandbox.origin}/api/keys`, { method: 'POST', headers, body: '{"plan":"free"}' });
}

async function statusesOf(responses: Promise<Response>[]): Promise<number[]> {
  return Promise.all(responses.map(async (response) => (await response).status));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('POST /api/keys is rate-limited per client address', () => {
  it('answers 429 with Retry-After and a SCIM error body to most of 200 key requests from one address, with the defaults', async () => {
    const sandbox = await start();

    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 200; i++) {
      const response = await requestKey(sandbox);
      statuses.push(response.status);
      if (response.status === 429) limited ??= response;
      else await response.body?.cancel();
    }

    expect(statuses.filter((status) => status === 201)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(140);
    expect(statuses.slice(0, 60).every((status) => status === 201)).toBe(true);
    expect(Number(limited?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(limited?.headers.get('Content-Type')).toMatch(/^application\/scim\+json/);
    expect(await limited?.json()).toEqual({ schemas: [ERROR_SCHEMA], status: '429', detail: 'Too many keys requested from this address: the sandbox allows 60 requests per 15 minutes' });
  });

  it('takes its limit from the options', async () => {
    const sandbox = await start({ keyRequestLimit: 2, keyRequestWindowMs: 60_000 });

    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await requestKey(sandbox)).status);

    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe('the client address behind a proxy', () => {
  it('by default believes no X-Forwarded-For, so a client cannot name a new address for each request', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sandbox = await start({ keyRequestLimit: 2 });

    const statuses = await statusesOf(['203.0.113.1', '203.0.113.2', '203.0.113.3'].map((address) => requestKey(sandbox, address)));

    expect(statuses.sort()).toEqual([201, 201, 429]);
    // express-rate-limit tells whoever runs it that a proxy may be in front (once, not per request).
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain('ERR_ERL_UNEXPECTED_X_FORWARDED_FOR');
    logged.mockRestore();
  });

  it('behind SANDBOX_TRUSTED_PROXIES proxies, limits each forwarded address on its own', async () => {
    const sandbox = await start({ keyRequestLimit: 1, trustedProxies: 1 });

    const first = await statusesOf([requestKey(sandbox, '203.0.113.1'), requestKey(sandbox, '203.0.113.2')]);
    const again = await statusesOf([requestKey(sandbox, '203.0.113.1')]);

    expect(first).toEqual([201, 201]);
    expect(again).toEqual([429]);
  });
});

describe('keys expire when idle', () => {
  it('refuses a key that was not used for the idle time, and keeps one that was', async () => {
    // Wide margins: the busy key is used every 500 ms against a 1.5 s idle time, so a loaded CI
    // machine cannot make it look idle (KeyRing's own test below checks the exact edge).
    const sandbox = await start({ keyIdleMs: 1500 });
    const idle = await sandbox.createKey();
    const busy = await sandbox.createKey();

    for (let i = 0; i < 4; i++) {
      await sleep(500);
      expect((await sandbox.scim('/Users', { key: busy })).status).toBe(200);
    }

    expect((await sandbox.scim('/Users', { key: idle })).status).toBe(401);
    expect((await sandbox.scim('/Users', { key: busy })).status).toBe(200);
  });
});

describe('the number of live keys is capped', () => {
  it('answers 503 with a SCIM error and Retry-After past the cap, and issues keys again once one expires', async () => {
    // An idle time wide enough that neither key can expire before the third request on a loaded machine.
    const sandbox = await start({ maxKeys: 2, keyIdleMs: 1500 });
    await sandbox.createKey();
    await sandbox.createKey();

    const refused = await requestKey(sandbox);

    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ schemas: [ERROR_SCHEMA], status: '503', detail: 'The sandbox holds its maximum of 2 live keys; try again later' });

    await sleep(1600);
    expect((await requestKey(sandbox)).status).toBe(201);
  });
});

describe('KeyRing with an injected clock', () => {
  it('forgets a key after the idle time and frees its place under the cap', () => {
    let now = 0;
    const ring = new KeyRing({ limits: { free: 1, pro: 1 }, idleMs: 24 * 3_600_000, maxKeys: 1, now: () => now });
    const key = ring.issue('free')?.key ?? '';

    now = 24 * 3_600_000 - 1;
    expect(ring.find(key)).toBeDefined();
    expect(ring.issue('free')).toBeUndefined();
    expect(ring.msUntilNextExpiry()).toBe(24 * 3_600_000);

    now += 24 * 3_600_000;
    expect(ring.find(key)).toBeUndefined();
    expect(ring.issue('pro')).toBeDefined();
  });
});
