import pg from 'pg';
import type { Release } from '../local-locks';
import { postgresCollection, writeMemberships } from './postgres-collection';
import { postgresKeys } from './postgres-keys';
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
  const pool = new pg.Pool({ connectionString: url });
  // A lock waits on a connection of its own, so that waiting locks never hold up the queries of the
  // requests that hold theirs.
  const locks = new pg.Pool({ connectionString: url });
  // An idle connection that fails (the server restarted) is dropped by the pool; without a listener it would end the process.
  for (const each of [pool, locks]) each.on('error', (error) => console.error('SCIM sandbox: PostgreSQL connection lost:', error.message));
  const ready = migrate(pool, shown(url)).catch((error: Error) => {
    throw new Error(`PostgreSQL at ${shown(url)} (SANDBOX_DATABASE_URL): ${error.message}`, { cause: error });
  });
  // Until a request awaits it, a failed start is reported by `ready`'s own awaiter.
  ready.catch(() => undefined);

  return {
    ready,
    keys: postgresKeys(pool, ready),
    tenant: (tenant) => ({
      users: postgresCollection<UserData>({ pool, ready, tenant, type: 'User', limits }, 'userName'),
      groups: postgresCollection<GroupData>({ pool, ready, tenant, type: 'Group', limits }, 'displayName', writeMemberships(tenant)),
      groupsOf: async (memberId) => {
        await ready;
        const { rows } = await pool.query<{ value: string; display: string | null }>(
          'SELECT group_id AS value, display FROM sandbox_memberships WHERE tenant = $1 AND member_id = $2 ORDER BY seq',
          [tenant, memberId],
        );
        return rows.map(({ value, display }) => (display === null ? { value } : { value, display }));
      },
    }),
    lock: async (tenant, resourceId): Promise<Release> => {
      const client = await locks.connect();
      const name = `${tenant}/${resourceId}`;
      try {
        await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      return async () => {
        try {
          await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
          client.release();
        } catch (error) {
          // A connection that cannot unlock is closed, which ends its locks.
          client.release(error as Error);
        }
      };
    },
    close: async () => {
      await Promise.all([pool.end(), locks.end()]);
    },
  };
}
