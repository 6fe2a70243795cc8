import type { Plan } from '../../shared/plan';
import type { KeyRecord, KeyStore } from '../store';
import type { Database } from './postgres-database';

interface KeyRow {
  id: string;
  hash: string;
  plan: Plan;
  address: string;
  last_used: string;
}

// BIGINT comes back as a string (it may pass Number.MAX_SAFE_INTEGER); milliseconds since the epoch do not.
const keyRecord = (row: KeyRow | undefined): KeyRecord | undefined =>
  row && { id: row.id, hash: row.hash, plan: row.plan, address: row.address, lastUsed: Number(row.last_used) };

/** sqlite/sqlite-store.ts's key store, in PostgreSQL. */
export function postgresKeys(db: Database): KeyStore {
  const rows = (sql: string, values: unknown[]) => db.rows<KeyRow>(sql, values);
  return {
    insert: async (key) => void (await rows('INSERT INTO sandbox_keys (id, hash, plan, address, last_used) VALUES ($1, $2, $3, $4, $5)', [key.id, key.hash, key.plan, key.address, key.lastUsed])),
    findByHash: async (hash) => keyRecord((await rows('SELECT * FROM sandbox_keys WHERE hash = $1', [hash]))[0]),
    touch: async (id, lastUsed) => void (await rows('UPDATE sandbox_keys SET last_used = $1 WHERE id = $2', [lastUsed, id])),
    delete: async (id) => void (await rows('DELETE FROM sandbox_keys WHERE id = $1', [id])),
    countUsedSince: async (since) => {
      const [row] = await db.rows<{ count: string }>('SELECT COUNT(*) AS count FROM sandbox_keys WHERE last_used >= $1', [since]);
      return Number(row?.count ?? 0);
    },
    unusedSince: async (before, limit) =>
      (await rows('SELECT * FROM sandbox_keys WHERE last_used < $1 ORDER BY last_used LIMIT $2', [before, limit])).flatMap((row) => keyRecord(row) ?? []),
    leastRecentOfBusiestAddress: async (since) =>
      keyRecord(
        (
          await rows(
            `SELECT * FROM sandbox_keys WHERE last_used >= $1 AND address = (
               SELECT address FROM sandbox_keys WHERE last_used >= $1 GROUP BY address ORDER BY COUNT(*) DESC, MIN(last_used) LIMIT 1
             ) ORDER BY last_used LIMIT 1`,
            [since],
          )
        )[0],
      ),
  };
}
