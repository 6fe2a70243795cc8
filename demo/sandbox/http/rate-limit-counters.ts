import type { Store } from 'express-rate-limit';
import { Redis } from 'ioredis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';

/** Where the rate limits count: this process's memory, or a Redis that several processes share. */
export interface RateLimitCounters {
  /** A counter store for one limiter (each needs its own), its keys under `prefix`; undefined is express-rate-limit's memory store. */
  store(prefix: string): Store | undefined;
  /** Resolves once the counters can be used; rejects saying why not. */
  ready: Promise<void>;
  close(): Promise<void>;
}

const IN_MEMORY: RateLimitCounters = { store: () => undefined, ready: Promise.resolve(), close: async () => undefined };

/** Counters in the Redis at `url` (SANDBOX_REDIS_URL), else in memory. */
export function rateLimitCounters(url: string | undefined): RateLimitCounters {
  if (!url) return IN_MEMORY;
  let connected = false;
  let refusal: Error | undefined;
  const client = new Redis(url, {
    lazyConnect: true,
    // A Redis that never answered stops the start (ready rejects); one lost later is reconnected to, waiting up to 2 s between tries.
    retryStrategy: (tries) => (connected ? Math.min(tries * 100, 2000) : null),
    // Commands sent before the connection is made, or while it is remade, wait for it (ioredis's offline queue).
    maxRetriesPerRequest: null,
  });
  client.on('error', (error: Error) => {
    if (connected) console.error('SCIM sandbox: Redis:', error.message);
    else refusal = error;
  });
  const ready = client.connect().then(
    () => void (connected = true),
    (error: Error) => {
      // ioredis rejects with "Connection is closed."; the error event before it said why.
      const reason = refusal ?? error;
      throw new Error(`Redis at ${url} (SANDBOX_REDIS_URL): ${reason.message}`, { cause: reason });
    },
  );
  ready.catch(() => undefined);
  return {
    // rate-limit-redis's README gives this sendCommand for ioredis.
    store: (prefix) => new RedisStore({ prefix: `scim-sandbox:${prefix}:`, sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<RedisReply> }),
    ready,
    close: async () => {
      // QUIT waits for the replies still due; a client that is not connected just stops reconnecting.
      if (client.status === 'ready') await client.quit();
      else client.disconnect();
    },
  };
}
