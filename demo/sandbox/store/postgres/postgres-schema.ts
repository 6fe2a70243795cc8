import type { Pool } from 'pg';
import { inTransaction } from './postgres-database';

/** The version of the tables below; a database holding another is refused rather than misread. */
const SCHEMA_VERSION = 1;
/** Any number the sandbox alone uses: the advisory lock under which one process creates the tables. */
const MIGRATION_LOCK = 7_441_001;

// The tables of sqlite/sqlite-store.ts, with the same meaning: a tenant is a key, its resources and
// memberships go with it (ON DELETE CASCADE), and its row counts what the tenant holds. `json` is
// text, not jsonb, so a resource reads back exactly as it was written.
const SCHEMA = `
CREATE TABLE sandbox_version (version INTEGER NOT NULL);
CREATE TABLE sandbox_keys (
  id TEXT PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  plan TEXT NOT NULL,
  address TEXT NOT NULL,
  last_used BIGINT NOT NULL,
  resources INTEGER NOT NULL DEFAULT 0,
  bytes BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX sandbox_keys_by_last_used ON sandbox_keys (last_used);
CREATE INDEX sandbox_keys_by_address ON sandbox_keys (address, last_used);
CREATE TABLE sandbox_resources (
  seq BIGSERIAL PRIMARY KEY,
  tenant TEXT NOT NULL REFERENCES sandbox_keys (id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  id TEXT NOT NULL,
  unique_key TEXT,
  bytes INTEGER NOT NULL,
  json TEXT NOT NULL
);
CREATE UNIQUE INDEX sandbox_resources_by_id ON sandbox_resources (tenant, type, id);
CREATE UNIQUE INDEX sandbox_resources_by_unique_key ON sandbox_resources (tenant, type, unique_key);
CREATE INDEX sandbox_resources_in_order ON sandbox_resources (tenant, type, seq);
CREATE TABLE sandbox_memberships (
  seq BIGSERIAL PRIMARY KEY,
  tenant TEXT NOT NULL REFERENCES sandbox_keys (id) ON DELETE CASCADE,
  group_id TEXT NOT NULL,
  member_id TEXT NOT NULL,
  display TEXT
);
CREATE INDEX sandbox_memberships_by_member ON sandbox_memberships (tenant, member_id);
CREATE INDEX sandbox_memberships_by_group ON sandbox_memberships (tenant, group_id);
`;

/** Creates the tables when the database has none; several processes starting at once create them once. */
export function migrate(pool: Pool, where: string): Promise<void> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const exists = await client.query<{ found: string | null }>("SELECT to_regclass('sandbox_version') AS found");
    if (exists.rows[0]?.found === null) {
      await client.query(SCHEMA);
      await client.query('INSERT INTO sandbox_version (version) VALUES ($1)', [SCHEMA_VERSION]);
      return;
    }
    const { rows } = await client.query<{ version: number }>('SELECT version FROM sandbox_version');
    const version = rows[0]?.version;
    if (version !== SCHEMA_VERSION) {
      throw new Error(`${where} holds sandbox tables of another version (${version}, not ${SCHEMA_VERSION}); drop them to start afresh`);
    }
  });
}
