import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { comparisonKey } from '../../scim/comparison-key';
import { Conflict, LimitExceeded, NotFound, TenantGone } from '../errors';
import { resourceJson } from '../resource-json';
import type { GroupData, ResourceCollection, Stored, TenantLimits } from '../store';
import type { Database } from './postgres-database';

/** PostgreSQL's SQLSTATE for a unique index refusing a row. */
const UNIQUE_VIOLATION = '23505';

/**
 * Checks the tenant's limits for a change of `resources` and `bytes`, and records it. The row's
 * lock (UPDATE) holds every other write of the tenant, in any process, until this transaction ends.
 */
async function charge(client: PoolClient, tenant: string, limits: TenantLimits, resources: number, bytes: number): Promise<void> {
  const { rows } = await client.query<{ resources: number; bytes: string }>(
    'UPDATE sandbox_keys SET resources = resources + $1, bytes = bytes + $2 WHERE id = $3 RETURNING resources, bytes',
    [resources, bytes, tenant],
  );
  const counts = rows[0];
  if (!counts) throw new TenantGone(tenant);
  if (resources > 0 && counts.resources > limits.maxResources) throw new LimitExceeded('resources', limits.maxResources, counts.resources);
  if (bytes > 0 && Number(counts.bytes) > limits.maxBytes) throw new LimitExceeded('bytes', limits.maxBytes, Number(counts.bytes));
}

/** Told of every write of a resource, inside its transaction: `after` is undefined for a delete. */
export type AfterWrite<T> = (client: PoolClient, id: string, after: Stored<T> | undefined) => Promise<void>;

interface Where {
  db: Database;
  tenant: string;
  type: 'User' | 'Group';
  limits: TenantLimits;
}

/** sqlite/sqlite-store.ts's collection of one type in one tenant, in PostgreSQL. */
export function postgresCollection<T extends object>(
  { db, tenant, type, limits }: Where,
  uniqueAttribute: keyof T & string,
  afterWrite: AfterWrite<T> = async () => undefined,
): ResourceCollection<T> {
  const where = `tenant = $1 AND type = '${type}'`;
  const query = <R extends object>(sql: string, values: unknown[]) => db.rows<R>(sql, [tenant, ...values]);
  const parse = (json: string) => JSON.parse(json) as Stored<T>;

  const uniqueKeyOf = async (client: PoolClient, data: T, exceptId?: string): Promise<string | null> => {
    const value: unknown = data[uniqueAttribute];
    if (typeof value !== 'string') return null;
    const key = comparisonKey(value);
    const { rows } = await client.query<{ id: string }>(`SELECT id FROM sandbox_resources WHERE ${where} AND unique_key = $2`, [tenant, key]);
    if (rows[0] && rows[0].id !== exceptId) throw new Conflict(uniqueAttribute, value);
    return key;
  };
  // Two processes may both find a name free; the unique index lets one of them write it.
  const conflictOnRace = (data: T) => (error: unknown) => {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new Conflict(uniqueAttribute, String(data[uniqueAttribute]));
    throw error;
  };

  return {
    get: async (id) => {
      const [row] = await query<{ json: string }>(`SELECT json FROM sandbox_resources WHERE ${where} AND id = $2`, [id]);
      return row && parse(row.json);
    },
    getMany: async (ids) => {
      const rows = await query<{ id: string; json: string }>(`SELECT id, json FROM sandbox_resources WHERE ${where} AND id = ANY($2)`, [ids]);
      const byId = new Map(rows.map((row) => [row.id, row.json]));
      return ids.flatMap((id) => (byId.has(id) ? [parse(byId.get(id) ?? '')] : []));
    },
    has: async (id) => (await query(`SELECT 1 FROM sandbox_resources WHERE ${where} AND id = $2`, [id])).length > 0,
    create: (data) =>
      db.transaction(async (client) => {
        const uniqueKey = await uniqueKeyOf(client, data);
        const now = new Date().toISOString();
        const record = { ...data, id: randomUUID(), meta: { created: now, lastModified: now } } as Stored<T>;
        const [json, bytes] = resourceJson(record);
        await charge(client, tenant, limits, 1, bytes);
        await client
          .query(`INSERT INTO sandbox_resources (tenant, type, id, unique_key, bytes, json) VALUES ($1, '${type}', $2, $3, $4, $5)`, [tenant, record.id, uniqueKey, bytes, json])
          .catch(conflictOnRace(data));
        await afterWrite(client, record.id, record);
        return record;
      }),
    replace: (id, data) =>
      db.transaction(async (client) => {
        const { rows } = await client.query<{ bytes: number; json: string }>(`SELECT bytes, json FROM sandbox_resources WHERE ${where} AND id = $2 FOR UPDATE`, [tenant, id]);
        const before = rows[0];
        if (!before) throw new NotFound(type, id);
        const uniqueKey = await uniqueKeyOf(client, data, id);
        const record = { ...data, id, meta: { created: parse(before.json).meta.created, lastModified: new Date().toISOString() } } as Stored<T>;
        const [json, bytes] = resourceJson(record);
        await charge(client, tenant, limits, 0, bytes - before.bytes);
        await client
          .query(`UPDATE sandbox_resources SET unique_key = $3, bytes = $4, json = $5 WHERE ${where} AND id = $2`, [tenant, id, uniqueKey, bytes, json])
          .catch(conflictOnRace(data));
        await afterWrite(client, id, record);
        return record;
      }),
    delete: (id) =>
      db.transaction(async (client) => {
        const { rows } = await client.query<{ bytes: number }>(`DELETE FROM sandbox_resources WHERE ${where} AND id = $2 RETURNING bytes`, [tenant, id]);
        if (!rows[0]) throw new NotFound(type, id);
        await charge(client, tenant, limits, -1, -rows[0].bytes);
        await afterWrite(client, id, undefined);
      }),
    count: async () => Number((await query<{ count: string }>(`SELECT COUNT(*) AS count FROM sandbox_resources WHERE ${where}`, []))[0]?.count ?? 0),
    page: async (offset, limit) =>
      (await query<{ json: string }>(`SELECT json FROM sandbox_resources WHERE ${where} ORDER BY seq LIMIT $2 OFFSET $3`, [limit, offset])).map((row) => parse(row.json)),
    batches: async function* (size) {
      for (let last = '0'; ; ) {
        const rows = await query<{ seq: string; json: string }>(`SELECT seq, json FROM sandbox_resources WHERE ${where} AND seq > $2 ORDER BY seq LIMIT $3`, [last, size]);
        if (rows.length === 0) return;
        last = rows[rows.length - 1]?.seq ?? last;
        yield rows.map((row) => parse(row.json));
      }
    },
  };
}

/** The group's members as memberships, rewritten with each write of the group (none once it is deleted). */
export const writeMemberships =
  (tenant: string): AfterWrite<GroupData> =>
  async (client, groupId, group) => {
    await client.query('DELETE FROM sandbox_memberships WHERE tenant = $1 AND group_id = $2', [tenant, groupId]);
    const members = group?.members ?? [];
    if (members.length === 0) return;
    await client.query(
      `INSERT INTO sandbox_memberships (tenant, group_id, member_id, display)
       SELECT $1, $2, member, $4 FROM unnest($3::text[]) WITH ORDINALITY AS m(member, n) ORDER BY n`,
      [tenant, groupId, members.map(({ value }) => value), group?.displayName ?? null],
    );
  };
