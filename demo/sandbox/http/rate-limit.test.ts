// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxOptions } from './app';
import { ERROR_SCHEMA, startSandbox, type RunningSandbox } from '../test-support/test-sandbox';

let current: RunningSandbox | undefined;
afterEach(() => current?.close());

/** Starts this test's sandbox; afterEach closes it. */
async function start(options: SandboxOptions): Promise<RunningSandbox> {
  current = await startSandbox(options);
  return current;
}

async function statuses(running: RunningSandbox, key: string, count: number): Promise<number[]> {
  const results: number[] = [];
  for (let i = 0; i < count; i++) results.push((await running.scim('/Users', { key })).status);
  return results;
}

describe('rate limits per API key', () => {
  it('answers 429 with Retry-After and a SCIM error once a Free key spends its limit', async () => {
    const sandbox = await start({ freeLimit: 3, windowMs: 60_000 });
    const key = await sandbox.createKey('free');

    expect(await statuses(sandbox, key, 3)).toEqual([200, 200, 200]);
    const limited = await sandbox.scim('/Users', { key, headers: { Origin: 'https://app.example' } });

    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('Content-Type')).toMatch(/^application\/scim\+json/);
    expect(limited.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(await limited.json()).toEqual({
      schemas: [ERROR_SCHEMA],
      status: '429',
      detail: 'Too many requests: the free plan allows 3 requests per minute',
    });
  });

  it('gives a Pro key the Pro limit', async () => {
    const sandbox = await start({ freeLimit: 1, proLimit: 4, windowMs: 60_000 });
    const key = await sandbox.createKey('pro');

    expect(await statuses(sandbox, key, 5)).toEqual([200, 200, 200, 200, 429]);
  });

  it('counts each key separately', async () => {
    const sandbox = await start({ freeLimit: 1, windowMs: 60_000 });
    const first = await sandbox.createKey('free');
    const second = await sandbox.createKey('free');

    expect(await statuses(sandbox, first, 2)).toEqual([200, 429]);
    expect(await statuses(sandbox, second, 1)).toEqual([200]);
  });

  it('authenticates before counting: a 401 carries no rate-limit headers and spends nothing', async () => {
    const sandbox = await start({ freeLimit: 1, windowMs: 60_000 });
    const key = await sandbox.createKey('free');

    const unauthenticated = await sandbox.scim('/Users', { key: 'not-a-key' });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('RateLimit')).toBeNull();

    const first = await sandbox.scim('/Users', { key });
    expect(first.status).toBe(200);
    expect(first.headers.get('RateLimit')).not.toBeNull();
  });

  it('lets a key in again when the window has passed', async () => {
    // A window wide enough that the two requests cannot straddle its end on a loaded machine.
    const sandbox = await start({ freeLimit: 1, windowMs: 1500 });
    const key = await sandbox.createKey('free');

    expect(await statuses(sandbox, key, 2)).toEqual([200, 429]);
    await new Promise((resolve) => setTimeout(resolve, 1600));

    expect(await statuses(sandbox, key, 1)).toEqual([200]);
  });
});
