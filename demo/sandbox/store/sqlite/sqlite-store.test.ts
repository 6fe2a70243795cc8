// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IN_MEMORY_DATABASE } from '../../config';
import { SqliteDatabase } from './sqlite-database';
import { openSqliteStore } from './sqlite-store';
import { storeContract } from '../../test-support/store-contract';
import type { GroupData, SandboxStore, UserData } from '../store';

const LIMITS = { maxResources: 1000, maxBytes: 1_000_000 };
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function databaseFile(): string {
  const folder = mkdtempSync(join(tmpdir(), 'sandbox-store-'));
  folders.push(folder);
  return join(folder, 'nested', 'sandbox.db');
}

async function withTenants(store: SandboxStore, ...ids: string[]): Promise<void> {
  for (const id of ids) await store.keys.insert({ id, hash: `hash-${id}`, plan: 'free', address: '198.51.100.1', lastUsed: 0 });
}

const user = (userName: string, extra: object = {}) => ({ schemas: [], userName, ...extra }) as unknown as UserData;

storeContract('SQLite', async (limits) => openSqliteStore(IN_MEMORY_DATABASE, limits));

describe('the SQLite store', () => {
  it('keeps keys, users, groups and memberships in its file, folder created, for the next process to open', async () => {
    const file = databaseFile();
    const first = openSqliteStore(file, LIMITS);
    await withTenants(first, 'a');
    const ada = await first.tenant('a').users.create(user('ada'));
    const team = await first.tenant('a').groups.create({ schemas: [], displayName: 'team', members: [{ value: ada.id }] } as unknown as GroupData);
    await first.close();

    const second = openSqliteStore(file, LIMITS);
    expect(await second.keys.findByHash('hash-a')).toEqual({ id: 'a', hash: 'hash-a', plan: 'free', address: '198.51.100.1', lastUsed: 0 });
    expect(await second.tenant('a').users.get(ada.id)).toEqual(ada);
    expect(await second.tenant('a').groupsOf(ada.id)).toEqual([{ value: team.id, display: 'team' }]);
    await second.close();
  });

  it('refuses a file of another schema version rather than misreading it', () => {
    const file = databaseFile();
    openSqliteStore(file, LIMITS).close();
    const raw = new SqliteDatabase(file);
    raw.userVersion = 99;
    raw.close();

    expect(() => openSqliteStore(file, LIMITS)).toThrow(`${file} holds a sandbox database of another version (99, not 1); delete it to start afresh`);
  });

  it('is held by one process while open: another open is refused with the holder named, and the file is free once closed', async () => {
    const file = databaseFile();
    const first = openSqliteStore(file, LIMITS);
    expect(() => openSqliteStore(file, LIMITS)).toThrow(`${file} is in use by process ${process.pid}: stop it, or give this sandbox a file of its own with SANDBOX_DB`);
    await first.close();
    expect([existsSync(`${file}.lock`), existsSync(`${file}.pid`)]).toEqual([false, false]);
    await openSqliteStore(file, LIMITS).close();
  });

  it('takes back the lock of a process that ended without closing the file', async () => {
    const file = databaseFile();
    const ended = spawnSync(process.execPath, ['--import', 'tsx', '-e', `
      const { openSqliteStore } = await import(${JSON.stringify(new URL('./sqlite-store.ts', import.meta.url).href)});
      openSqliteStore(${JSON.stringify(file)}, ${JSON.stringify(LIMITS)});
      process.kill(process.pid, 'SIGKILL');`]);
    expect(ended.signal).toBe('SIGKILL');
    expect([existsSync(`${file}.lock`), existsSync(`${file}.pid`)]).toEqual([true, true]);

    await openSqliteStore(file, LIMITS).close();
  });

  it('says which lock folder to delete when no process is named as holding the file', () => {
    const file = databaseFile();
    openSqliteStore(file, LIMITS).close();
    mkdirSync(`${file}.lock`);
    expect(() => openSqliteStore(file, LIMITS)).toThrow(`${file} is in use by another process: stop it, or give this sandbox a file of its own with SANDBOX_DB. If no process has it, delete ${file}.lock.`);
  });
});
