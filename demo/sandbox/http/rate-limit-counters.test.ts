// @vitest-environment node
import type { Options } from 'express-rate-limit';
import { describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../test/support/free-port';
import { startRedisServer } from '../../../test/support/redis';
import { REDIS_URL_ENV } from '../config';
import { Unavailable } from '../store/errors';
import { rateLimitCounters } from './rate-limit-counters';

// What express-rate-limit passes a store's init.
const LIMITER_OPTIONS = { windowMs: 60_000 } as Options;

describe('rate-limit counters in Redis', () => {
  it('count there; a count while Redis is gone fails at once as Unavailable, and counting goes on once a Redis is back at the address', async () => {
    let redis = await startRedisServer();
    const counters = rateLimitCounters(redis.url);
    try {
      const store = counters.store('test');
      if (!store) throw new Error('a Redis URL gave no store');
      await store.init?.(LIMITER_OPTIONS);
      await counters.ready;
      expect((await store.increment('client')).totalHits).toBe(1);
      expect((await store.increment('client')).totalHits).toBe(2);

      await redis.stop();
      await expect(store.increment('client')).rejects.toBeInstanceOf(Unavailable);
      redis = await startRedisServer(Number(new URL(redis.url).port));
      // The client reconnects on its own; the new Redis holds neither the count nor the script, which the store loads again.
      const firstHits = await vi.waitFor(() => store.increment('client'), { timeout: 30_000, interval: 100 });
      expect(firstHits.totalHits).toBe(1);
      expect((await store.increment('client')).totalHits).toBe(2);
    } finally {
      await counters.close();
      await redis.stop();
    }
  });

  it('are not ready when no Redis answers at the address, saying where and why; close then ends them', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const counters = rateLimitCounters(url);
    await expect(counters.ready).rejects.toThrow(`Redis at ${url} (${REDIS_URL_ENV}): connect ECONNREFUSED`);
    await counters.close();
  });
});
