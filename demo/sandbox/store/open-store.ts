import { resolveStorage, type SandboxOptions } from '../config';
import { openPostgresStore } from './postgres/postgres-store';
import { openSqliteStore } from './sqlite/sqlite-store';
import type { SandboxStore, TenantLimits } from './store';

/** The store the options and SANDBOX_* variables name: PostgreSQL when given a URL, else the SQLite file. */
export function openStore(options: SandboxOptions, limits: TenantLimits): SandboxStore & { ready: Promise<void> } {
  const storage = resolveStorage(options);
  if ('postgres' in storage) return openPostgresStore(storage.postgres, limits);
  return { ...openSqliteStore(storage.sqlite, limits), ready: Promise.resolve() };
}
