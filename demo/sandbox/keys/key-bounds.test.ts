// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxOptions } from '../http/app';
import { DEFAULT_CONFIG, IN_MEMORY_DATABASE } from '../config';
import { KeyRing } from './key-ring';
import { openSqliteStore } from '../store/sqlite/sqlite-store';
import { ERROR_SCHEMA, startSandbox, type RunningSandbox } from '../test-support/test-sandbox';

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

describe('the cap on live keys is shared fairly between addresses', () => {
  /**
   * A key for a client at `address` (the sandbox believes one proxy's X-Forwarded-For), a few
   * milliseconds after the one before, so which key was used least recently is never a tie.
   */
  async function keyFor(sandbox: RunningSandbox, address: string): Promise<string> {
    await sleep(3);
    const response = await requestKey(sandbox, address);
    expect(response.status).toBe(201);
    return ((await response.json()) as { key: string }).key;
  }
  const works = async (sandbox: RunningSandbox, key: string) => (await sandbox.scim('/Users', { key })).status;

  it('lets a new visitor in when three addresses hold every key, evicting keys of the addresses holding the most', async () => {
    // M5: with SANDBOX_MAX_KEYS=150, three addresses filled the cap and a fourth got 503 for a day.
    const sandbox = await start({ maxKeys: 30, keyRequestLimit: 1000, trustedProxies: 1 });
    const hoarded = [];
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      for (let i = 0; i < 10; i++) hoarded.push(await keyFor(sandbox, address));
    }

    const visitors = [];
    for (let visitor = 1; visitor <= 12; visitor++) visitors.push(await keyFor(sandbox, `203.0.113.${visitor}`));

    for (const key of visitors) expect(await works(sandbox, key)).toBe(200);
    const statuses = await Promise.all(hoarded.map((key) => works(sandbox, key)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(12);
  });

  it('evicts the least recently used key of the address holding the most, and keeps the others', async () => {
    const sandbox = await start({ maxKeys: 4, keyRequestLimit: 1000, trustedProxies: 1 });
    const first = await keyFor(sandbox, '198.51.100.1');
    const second = await keyFor(sandbox, '198.51.100.1');
    const third = await keyFor(sandbox, '198.51.100.1');
    const other = await keyFor(sandbox, '198.51.100.2');
    await sleep(3);
    // The second key is now the least recently used of the busiest address.
    expect(await works(sandbox, first)).toBe(200);

    const visitor = await keyFor(sandbox, '203.0.113.1');

    expect([await works(sandbox, first), await works(sandbox, second), await works(sandbox, third)]).toEqual([200, 401, 200]);
    expect([await works(sandbox, other), await works(sandbox, visitor)]).toEqual([200, 200]);
  });

  it('makes a busy address give up its own keys first', async () => {
    const sandbox = await start({ maxKeys: 3, keyRequestLimit: 1000, trustedProxies: 1 });
    const other = await keyFor(sandbox, '198.51.100.2');
    const older = await keyFor(sandbox, '198.51.100.1');
    const newer = await keyFor(sandbox, '198.51.100.1');

    const newest = await keyFor(sandbox, '198.51.100.1');

    expect([await works(sandbox, other), await works(sandbox, older), await works(sandbox, newer), await works(sandbox, newest)]).toEqual([200, 401, 200, 200]);
  });
});

describe('KeyRing with an injected clock', () => {
  const ring = (now: () => number, maxKeys: number) =>
    new KeyRing(openSqliteStore(IN_MEMORY_DATABASE, { maxResources: 1, maxBytes: 1 }), { limits: { free: 1, pro: 2 }, idleMs: DAY, maxKeys, lockWaitMs: DEFAULT_CONFIG.lockWaitMs, now });
  const DAY = 24 * 3_600_000;

  it('forgets a key after the idle time', async () => {
    let now = 0;
    const keys = ring(() => now, 10);
    const { key } = await keys.issue('pro', '198.51.100.1');

    now = DAY - 1;
    expect(await keys.find(key)).toEqual({ id: expect.any(String), plan: 'pro', limit: 2 });
    now += DAY - 1;
    expect(await keys.find(key)).toBeDefined();
    now += DAY;
    expect(await keys.find(key)).toBeUndefined();
  });

  it('at the cap, makes room with an expired key before evicting a live one', async () => {
    let now = 0;
    const keys = ring(() => now, 2);
    const stale = (await keys.issue('free', '198.51.100.1')).key;
    now = DAY / 2;
    const live = (await keys.issue('free', '198.51.100.1')).key;

    now = DAY;
    const fresh = (await keys.issue('free', '203.0.113.1')).key;

    expect(await keys.find(live)).toBeDefined();
    expect(await keys.find(fresh)).toBeDefined();
    expect(await keys.find(stale)).toBeUndefined();
  });
});
