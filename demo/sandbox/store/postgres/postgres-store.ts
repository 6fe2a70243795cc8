import { postgresCollection, writeMemberships } from './postgres-collection';
import { postgresDatabase, resilientPool } from './postgres-database';
import { postgresKeys } from './postgres-keys';
import { lockName, postgresLocks } from './postgres-locks';
import { migrate } from './postgres-schema';
import type { GroupData, SandboxStore, TenantLimits, UserData } from '../store';

/** The URL without its password, to name the database in messages. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.href;
  } catch {
    return 'SANDBOX_DATABASE_URL';
  }
}

/**
 * The store in the PostgreSQL database at `url` (`postgres://user:password@host:port/database`),
 * which any number of sandbox processes may share: what one writes, the others read, and every
 * limit is counted in the database. The tables are created when missing.
 */
export function openPostgresStore(url: string, limits: TenantLimits): SandboxStore & { ready: Promise<void> } {
  const pool = resilientPool(url);
  // The connections that hold locks are apart, so that the holders of many locks never hold up the queries of the requests that hold them.
  const locks = resilientPool(url);
  const ready = migrate(pool, shown(url)).catch((error: Error) => {
    throw new Error(`PostgreSQL at ${shown(url)} (SANDBOX_DATABASE_URL): ${error.message}`, { cause: error });
  });
  // Until a request awaits it, a failed start is reported by `ready`'s own awaiter.
  ready.catch(() => undefined);
  const db = postgresDatabase(pool, ready);
  const lock = postgresLocks(locks);

  return {
    ready,
    keys: postgresKeys(db),
    tenant: (tenant) => ({
      users: postgresCollection<UserData>({ db, tenant, type: 'User', limits }, 'userName'),
      groups: postgresCollection<GroupData>({ db, tenant, type: 'Group', limits }, 'displayName', writeMemberships(tenant)),
      groupsOf: async (memberId) => {
        const rows = await db.rows<{ value: string; display: string | null }>(
          'SELECT group_id AS value, display FROM sandbox_memberships WHERE tenant = $1 AND member_id = $2 ORDER BY seq',
          [tenant, memberId],
        );
        return rows.map(({ value, display }) => (display === null ? { value } : { value, display }));
      },
    }),
    lock: (tenant, resourceId, waitMs) => lock(lockName(tenant, resourceId), waitMs),
    close: async () => {
      await Promise.all([pool.end(), locks.end()]);
    },
  };
}
