import type { Store } from 'express-rate-limit';
import { Redis, ReplyError } from 'ioredis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { Unavailable } from '../store/errors';

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
    // Commands sent before the first connection is made wait for it (ioredis's offline queue); once
    // connected, sendCommand below fails at once while the connection is remade.
    maxRetriesPerRequest: null,
  });
  client.on('error', (error: Error) => {
    if (connected) console.error('SCIM sandbox: Redis:', error.message);
    else refusal = error;
  });
  const ready = client.connect().then(
    () => {
      connected = true;
      // From now on a command that finds Redis away fails at once, queued or in flight when it went.
      client.options.enableOfflineQueue = false;
      client.options.maxRetriesPerRequest = 0;
    },
    (error: Error) => {
      // ioredis rejects with "Connection is closed."; the error event before it said why.
      const reason = refusal ?? error;
      throw new Error(`Redis at ${url} (SANDBOX_REDIS_URL): ${reason.message}`, { cause: reason });
    },
  );
  ready.catch(() => undefined);
  // Once connected, a command while Redis is away fails at once, as Unavailable (a 503), rather than
  // wait in ioredis's queue until Redis is back; Redis's own replies (NOSCRIPT) pass as they are.
  // rate-limit-redis's README gives `client.call` as the sendCommand for ioredis.
  const sendCommand = async (command: string, ...args: string[]): Promise<RedisReply> => {
    if (connected && client.status !== 'ready') throw new Unavailable('Redis', new Error('reconnecting'));
    try {
      return (await client.call(command, ...args)) as RedisReply;
    } catch (error) {
      throw error instanceof ReplyError ? error : new Unavailable('Redis', error);
    }
  };
  return {
    store: (prefix) => new RedisStore({ prefix: `scim-sandbox:${prefix}:`, sendCommand }),
    ready,
    close: async () => {
      // QUIT waits for the replies still due; a client that is not connected just stops reconnecting.
      if (client.status === 'ready') await client.quit();
      else client.disconnect();
    },
  };
}
