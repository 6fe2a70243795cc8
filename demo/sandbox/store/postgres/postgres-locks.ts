import type { Pool } from 'pg';
import { LockTimeout } from '../errors';
import { localLocks, type Release } from '../local-locks';
import { lostConnectionAsUnavailable } from './postgres-database';

// The pauses between two tries of a lock another process holds: short at first, as a PATCH holds it
// for milliseconds, and never long enough to leave it free for long.
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 50;

/** The lock of a resource of a tenant, by name; the key PostgreSQL locks is this SQL of the name ($1). */
export const lockName = (tenant: string, resourceId: string) => `${tenant}/${resourceId}`;
export const ADVISORY_KEY = 'hashtextextended($1, 0)';

/** PostgreSQL's lock of one name, held by this process on one connection. */
interface SharedLock {
  /** Whether its connection failed, which ended the lock. */
  lost(): boolean;
  /** Unlocks, and gives the connection back. */
  release: Release;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Locks shared by every process on the database, for which no waiter holds a connection. Within
 * this process the waiters for one name queue in memory; the first of them tries PostgreSQL's
 * session advisory lock (pg_try_advisory_lock) on a connection of `pool`, and while another process
 * holds it lets the connection go and tries again after a growing pause. The holder keeps its
 * connection, and hands lock and connection to the next waiter of this process, if one waits,
 * rather than unlock and lock again. Past `waitMs` in all, LockTimeout.
 * https://www.postgresql.org/docs/current/functions-admin.html#FUNCTIONS-ADVISORY-LOCKS
 */
export function postgresLocks(pool: Pool): (name: string, waitMs: number) => Promise<Release> {
  const local = localLocks<SharedLock>();
  return async (name, waitMs) => {
    const deadline = Date.now() + waitMs;
    const held = await local(name, waitMs);
    let shared: SharedLock | undefined = held.passed;
    try {
      for (let wait = FIRST_PAUSE_MS; !shared; wait = Math.min(wait * 2, LONGEST_PAUSE_MS)) {
        shared = await tryLock(pool, name);
        if (shared) break;
        if (Date.now() + wait > deadline) throw new LockTimeout(name, waitMs);
        await pause(wait);
      }
    } catch (error) {
      held.release();
      throw error;
    }
    const lock = shared;
    return async () => {
      const lost = lock.lost();
      if (!held.release(lost ? undefined : lock) || lost) await lock.release();
    };
  };
}

/** PostgreSQL's lock of `name` if it was free, else undefined; the connection is held only while it is taken. */
async function tryLock(pool: Pool, name: string): Promise<SharedLock | undefined> {
  const client = await pool.connect().catch((error: unknown) => {
    throw lostConnectionAsUnavailable(error);
  });
  let lost = false;
  const onError = () => (lost = true);
  client.on('error', onError);
  try {
    const { rows } = await client.query<{ taken: boolean }>(`SELECT pg_try_advisory_lock(${ADVISORY_KEY}) AS taken`, [name]);
    if (!rows[0]?.taken) {
      client.off('error', onError);
      client.release();
      return undefined;
    }
  } catch (error) {
    client.off('error', onError);
    client.release(error as Error);
    throw lostConnectionAsUnavailable(error);
  }
  return {
    lost: () => lost,
    release: async () => {
      client.off('error', onError);
      try {
        await client.query(`SELECT pg_advisory_unlock(${ADVISORY_KEY})`, [name]);
        client.release();
      } catch (error) {
        // A connection that cannot unlock is closed, which ends its locks.
        client.release(error as Error);
      }
    },
  };
}
