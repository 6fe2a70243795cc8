import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { IN_MEMORY_DATABASE } from '../../config';
import type { Plan } from '../../shared/plan';
import { Conflict, LimitExceeded, NotFound, TenantGone } from '../errors';
import { resourceJson } from '../resource-json';
import { localLocks } from '../local-locks';
import { SqliteDatabase } from './sqlite-database';
import {
  type GroupData,
  type KeyRecord,
  type KeyStore,
  type Membership,
  type ResourceCollection,
  type SandboxStore,
  type Stored,
  type TenantLimits,
  type TenantStore,
  type UserData,
} from '../store';
import { comparisonKey } from '../../scim/comparison-key';

/** PRAGMA user_version of the tables below; a file of another version is refused rather than misread. */
const SCHEMA_VERSION = 1;

// A tenant is a key: its resources and memberships go when the key goes (ON DELETE CASCADE), and
// its row counts what the tenant holds. `seq` (the rowid) orders resources oldest first, and
// memberships in the order their group was last written.
const SCHEMA = `
CREATE TABLE keys (
  id TEXT PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  plan TEXT NOT NULL,
  address TEXT NOT NULL,
  last_used INTEGER NOT NULL,
  resources INTEGER NOT NULL DEFAULT 0,
  bytes INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX keys_by_last_used ON keys (last_used);
CREATE INDEX keys_by_address ON keys (address, last_used);
CREATE TABLE resources (
  seq INTEGER PRIMARY KEY,
  tenant TEXT NOT NULL REFERENCES keys (id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  id TEXT NOT NULL,
  unique_key TEXT,
  bytes INTEGER NOT NULL,
  json TEXT NOT NULL
);
CREATE UNIQUE INDEX resources_by_id ON resources (tenant, type, id);
CREATE UNIQUE INDEX resources_by_unique_key ON resources (tenant, type, unique_key);
CREATE INDEX resources_in_order ON resources (tenant, type, seq);
CREATE TABLE memberships (
  seq INTEGER PRIMARY KEY,
  tenant TEXT NOT NULL REFERENCES keys (id) ON DELETE CASCADE,
  group_id TEXT NOT NULL,
  member_id TEXT NOT NULL,
  display TEXT
);
CREATE INDEX memberships_by_member ON memberships (tenant, member_id);
CREATE INDEX memberships_by_group ON memberships (tenant, group_id);
`;

interface KeyRow {
  id: string;
  hash: string;
  plan: Plan;
  address: string;
  last_used: number;
}

const keyRecord = (row: KeyRow | undefined): KeyRecord | undefined =>
  row && { id: row.id, hash: row.hash, plan: row.plan, address: row.address, lastUsed: row.last_used };

/** Opens (creating when missing) the SQLite database at `path`, or one in memory for `:memory:`. */
export function openSqliteStore(path: string, limits: TenantLimits): SandboxStore {
  if (path !== IN_MEMORY_DATABASE) mkdirSync(dirname(path), { recursive: true });
  const db = new SqliteDatabase(path);
  // A commit is one append to the write-ahead log (WAL works without shared memory as the process
  // holds the file alone), handed to the operating system without waiting for the disk: the data
  // outlives the process, not a crash of the machine.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA foreign_keys = ON');
  migrate(db, path);

  const keys = keyStore(db);
  const users = collectionStatements(db, 'User');
  const groups = collectionStatements(db, 'Group');
  const memberships = membershipStatements(db);
  const tenantCounts = db.prepare<[string], { resources: number; bytes: number }>('SELECT resources, bytes FROM keys WHERE id = ?');
  const addToTenant = db.prepare<[number, number, string]>('UPDATE keys SET resources = resources + ?, bytes = bytes + ? WHERE id = ?');

  /** Checks the tenant's limits for a change of `resources` and `bytes`, and records it. */
  const charge = (tenant: string, resources: number, bytes: number): void => {
    const counts = tenantCounts.get(tenant);
    // The key expired or was evicted while this request was under way.
    if (!counts) throw new TenantGone(tenant);
    if (resources > 0 && counts.resources + resources > limits.maxResources) {
      throw new LimitExceeded('resources', limits.maxResources, counts.resources + resources);
    }
    if (bytes > 0 && counts.bytes + bytes > limits.maxBytes) throw new LimitExceeded('bytes', limits.maxBytes, counts.bytes + bytes);
    addToTenant.run(resources, bytes, tenant);
  };

  const tenant = (tenantId: string): TenantStore => ({
    users: collection<UserData>(db, users, tenantId, charge, 'userName'),
    groups: collection<GroupData>(db, groups, tenantId, charge, 'displayName', (id, group) => memberships.write(tenantId, id, group)),
    groupsOf: async (memberId) => memberships.groupsOf(tenantId, memberId),
  });

  // One process holds the file, so locks within the process are locks of the store.
  const lock = localLocks();

  return {
    keys,
    tenant,
    lock: async (tenantId, resourceId, waitMs) => {
      const { release } = await lock(`${tenantId}/${resourceId}`, waitMs);
      return async () => void release();
    },
    close: async () => {
      db.close();
    },
  };
}

function migrate(db: SqliteDatabase, path: string): void {
  const version = db.userVersion;
  if (version === SCHEMA_VERSION) return;
  if (version !== 0) {
    throw new Error(`${path} holds a sandbox database of another version (${version}, not ${SCHEMA_VERSION}); delete it to start afresh`);
  }
  db.transaction(() => {
    db.exec(SCHEMA);
    db.userVersion = SCHEMA_VERSION;
  })();
}

function keyStore(db: SqliteDatabase): KeyStore {
  const insert = db.prepare<[string, string, Plan, string, number]>('INSERT INTO keys (id, hash, plan, address, last_used) VALUES (?, ?, ?, ?, ?)');
  const byHash = db.prepare<[string], KeyRow>('SELECT * FROM keys WHERE hash = ?');
  const touch = db.prepare<[number, string]>('UPDATE keys SET last_used = ? WHERE id = ?');
  const remove = db.prepare<[string]>('DELETE FROM keys WHERE id = ?');
  const countSince = db.prepare<[number], { count: number }>('SELECT COUNT(*) AS count FROM keys WHERE last_used >= ?');
  const unusedSince = db.prepare<[number, number], KeyRow>('SELECT * FROM keys WHERE last_used < ? ORDER BY last_used LIMIT ?');
  const busiest = db.prepare<[number], KeyRow>(`
    SELECT * FROM keys WHERE last_used >= ?1 AND address = (
      SELECT address FROM keys WHERE last_used >= ?1 GROUP BY address ORDER BY COUNT(*) DESC, MIN(last_used) LIMIT 1
    ) ORDER BY last_used LIMIT 1`);
  return {
    insert: async (key) => insert.run(key.id, key.hash, key.plan, key.address, key.lastUsed),
    findByHash: async (hash) => keyRecord(byHash.get(hash)),
    touch: async (id, lastUsed) => touch.run(lastUsed, id),
    delete: async (id) => remove.run(id),
    countUsedSince: async (since) => countSince.get(since)?.count ?? 0,
    unusedSince: async (before, limit) => unusedSince.all(before, limit).flatMap((row) => keyRecord(row) ?? []),
    leastRecentOfBusiestAddress: async (since) => keyRecord(busiest.get(since)),
  };
}

interface ResourceRow {
  id: string;
  bytes: number;
  json: string;
}

type CollectionStatements = ReturnType<typeof collectionStatements>;

function collectionStatements(db: SqliteDatabase, type: 'User' | 'Group') {
  const where = `tenant = ? AND type = '${type}'`;
  return {
    type,
    get: db.prepare<[string, string], ResourceRow>(`SELECT id, bytes, json FROM resources WHERE ${where} AND id = ?`),
    idOfUniqueKey: db.prepare<[string, string], { id: string }>(`SELECT id FROM resources WHERE ${where} AND unique_key = ?`),
    insert: db.prepare<[string, string, string | null, number, string]>(
      `INSERT INTO resources (tenant, type, id, unique_key, bytes, json) VALUES (?, '${type}', ?, ?, ?, ?)`,
    ),
    update: db.prepare<[string | null, number, string, string, string]>(`UPDATE resources SET unique_key = ?, bytes = ?, json = ? WHERE ${where} AND id = ?`),
    delete: db.prepare<[string, string]>(`DELETE FROM resources WHERE ${where} AND id = ?`),
    count: db.prepare<[string], { count: number }>(`SELECT COUNT(*) AS count FROM resources WHERE ${where}`),
    page: db.prepare<[string, number, number], { json: string }>(`SELECT json FROM resources WHERE ${where} ORDER BY seq LIMIT ? OFFSET ?`),
    after: db.prepare<[string, number, number], { seq: number; json: string }>(
      `SELECT seq, json FROM resources WHERE ${where} AND seq > ? ORDER BY seq LIMIT ?`,
    ),
  };
}

type Charge = (tenant: string, resources: number, bytes: number) => void;

/** Told of every write of a resource, inside its transaction: `after` is undefined for a delete. */
type AfterWrite<T> = (id: string, after: Stored<T> | undefined) => void;

function collection<T extends object>(
  db: SqliteDatabase,
  statements: CollectionStatements,
  tenant: string,
  charge: Charge,
  uniqueAttribute: keyof T & string,
  afterWrite: AfterWrite<T> = () => undefined,
): ResourceCollection<T> {
  const parse = (json: string) => JSON.parse(json) as Stored<T>;
  const notFound = (id: string) => new NotFound(statements.type, id);

  const uniqueKeyOf = (data: T, exceptId?: string): string | null => {
    const value: unknown = data[uniqueAttribute];
    if (typeof value !== 'string') return null;
    const key = comparisonKey(value);
    const holder = statements.idOfUniqueKey.get(tenant, key);
    if (holder && holder.id !== exceptId) throw new Conflict(uniqueAttribute, value);
    return key;
  };

  const create = db.transaction((data: T): Stored<T> => {
    const uniqueKey = uniqueKeyOf(data);
    const now = new Date().toISOString();
    const record = { ...data, id: randomUUID(), meta: { created: now, lastModified: now } } as Stored<T>;
    const [json, bytes] = resourceJson(record);
    charge(tenant, 1, bytes);
    statements.insert.run(tenant, record.id, uniqueKey, bytes, json);
    afterWrite(record.id, record);
    return record;
  });

  const replace = db.transaction((id: string, data: T): Stored<T> => {
    const before = statements.get.get(tenant, id);
    if (!before) throw notFound(id);
    const uniqueKey = uniqueKeyOf(data, id);
    const { meta } = parse(before.json);
    const record = { ...data, id, meta: { created: meta.created, lastModified: new Date().toISOString() } } as Stored<T>;
    const [json, bytes] = resourceJson(record);
    charge(tenant, 0, bytes - before.bytes);
    statements.update.run(uniqueKey, bytes, json, tenant, id);
    afterWrite(id, record);
    return record;
  });

  const remove = db.transaction((id: string): void => {
    const before = statements.get.get(tenant, id);
    if (!before) throw notFound(id);
    statements.delete.run(tenant, id);
    charge(tenant, -1, -before.bytes);
    afterWrite(id, undefined);
  });

  return {
    get: async (id) => {
      const row = statements.get.get(tenant, id);
      return row && parse(row.json);
    },
    getMany: async (ids) => ids.flatMap((id) => {
      const row = statements.get.get(tenant, id);
      return row ? [parse(row.json)] : [];
    }),
    has: async (id) => statements.get.get(tenant, id) !== undefined,
    create: async (data) => create(data),
    replace: async (id, data) => replace(id, data),
    delete: async (id) => remove(id),
    count: async () => statements.count.get(tenant)?.count ?? 0,
    page: async (offset, limit) => statements.page.all(tenant, limit, offset).map((row) => parse(row.json)),
    batches: async function* (size) {
      for (let last = 0; ; ) {
        const rows = statements.after.all(tenant, last, size);
        if (rows.length === 0) return;
        last = rows[rows.length - 1]?.seq ?? last;
        yield rows.map((row) => parse(row.json));
      }
    },
  };
}

function membershipStatements(db: SqliteDatabase) {
  const clear = db.prepare<[string, string]>('DELETE FROM memberships WHERE tenant = ? AND group_id = ?');
  const add = db.prepare<[string, string, string, string | null]>('INSERT INTO memberships (tenant, group_id, member_id, display) VALUES (?, ?, ?, ?)');
  const ofMember = db.prepare<[string, string], { value: string; display: string | null }>(
    'SELECT group_id AS value, display FROM memberships WHERE tenant = ? AND member_id = ? ORDER BY seq',
  );
  return {
    /** Records the members of group `groupId` as written (none once it is deleted). */
    write(tenant: string, groupId: string, group: Stored<GroupData> | undefined): void {
      clear.run(tenant, groupId);
      for (const { value } of group?.members ?? []) add.run(tenant, groupId, value, group?.displayName ?? null);
    },
    groupsOf(tenant: string, memberId: string): Membership[] {
      return ofMember.all(tenant, memberId).map(({ value, display }) => (display === null ? { value } : { value, display }));
    },
  };
}
