import type { Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { createClient, ErrorReply } from 'redis';
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
  const client = createClient({
    url,
    // A Redis that never answered stops the start (ready rejects); one lost later is reconnected to, waiting up to 2 s between tries.
    socket: { reconnectStrategy: (retries: number, cause: Error) => (connected ? Math.min(retries * 100, 2000) : cause) },
  });
  client.on('error', (error: Error) => {
    if (connected) console.error('SCIM sandbox: Redis:', error.message);
  });
  // Commands sent before the connection is made wait for it (node-redis's offline queue).
  const ready = client.connect().then(
    () => void (connected = true),
    (error: Error) => {
      throw new Error(`Redis at ${url} (SANDBOX_REDIS_URL): ${error.message}`, { cause: error });
    },
  );
  ready.catch(() => undefined);
  // Once connected, a command while Redis is away fails at once, as Unavailable (a 503), rather than
  // wait in node-redis's queue until Redis is back; Redis's own replies (NOSCRIPT) pass as they are.
  const sendCommand = async (...args: string[]): Promise<RedisReply> => {
    if (connected && !client.isReady) throw new Unavailable('Redis', new Error('reconnecting'));
    try {
      return (await client.sendCommand(args)) as RedisReply;
    } catch (error) {
      throw error instanceof ErrorReply ? error : new Unavailable('Redis', error);
    }
  };
  return {
    store: (prefix) => new RedisStore({ prefix: `scim-sandbox:${prefix}:`, sendCommand }),
    ready,
    close: async () => {
      if (client.isOpen) await client.close();
    },
  };
}
