// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IN_MEMORY_DATABASE } from '../config';
import { SqliteDatabase } from './sqlite-database';
import { openSqliteStore } from './sqlite-store';
import type { GroupData, SandboxStore, UserData } from './store';

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
const group = (displayName: string, members: string[] = []) => ({ schemas: [], displayName, members: members.map((value) => ({ value })) }) as unknown as GroupData;

describe('the SQLite store', () => {
  it('keeps keys, users, groups and memberships in its file, folder created, for the next process to open', async () => {
    const file = databaseFile();
    const first = openSqliteStore(file, LIMITS);
    await withTenants(first, 'a');
    const ada = await first.tenant('a').users.create(user('ada'));
    const team = await first.tenant('a').groups.create(group('team', [ada.id]));
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

  it("deletes a tenant's resources and memberships with its key, and nothing of another tenant's", async () => {
    const store = openSqliteStore(IN_MEMORY_DATABASE, LIMITS);
    await withTenants(store, 'a', 'b');
    for (const id of ['a', 'b']) {
      const member = await store.tenant(id).users.create(user('same'));
      await store.tenant(id).groups.create(group('same', [member.id]));
    }

    await store.keys.delete('a');

    expect([await store.tenant('a').users.count(), await store.tenant('a').groups.count()]).toEqual([0, 0]);
    expect([await store.tenant('b').users.count(), await store.tenant('b').groups.count()]).toEqual([1, 1]);
    const [member] = await store.tenant('b').users.page(0, 1);
    expect(await store.tenant('b').groupsOf(member?.id ?? '')).toHaveLength(1);
  });

  it('pages and batches oldest first, and lists memberships in the order their groups were last written', async () => {
    const store = openSqliteStore(IN_MEMORY_DATABASE, LIMITS);
    await withTenants(store, 'a');
    const { users, groups } = store.tenant('a');
    const ids = [];
    for (const name of ['u0', 'u1', 'u2', 'u3', 'u4']) ids.push((await users.create(user(name))).id);
    await users.replace(ids[0] ?? '', user('u0 renamed'));

    expect((await users.page(1, 2)).map((each) => each.userName)).toEqual(['u1', 'u2']);
    const batches = [];
    for await (const batch of users.batches(2)) batches.push(batch.map((each) => each.userName));
    expect(batches).toEqual([['u0 renamed', 'u1'], ['u2', 'u3'], ['u4']]);
    expect((await users.getMany([ids[3] ?? '', 'unknown', ids[1] ?? ''])).map((each) => each.userName)).toEqual(['u3', 'u1']);

    const first = await groups.create(group('first', [ids[0] ?? '']));
    const second = await groups.create(group('second', [ids[0] ?? '']));
    await groups.replace(first.id, group('first again', [ids[0] ?? '']));
    expect(await store.tenant('a').groupsOf(ids[0] ?? '')).toEqual([
      { value: second.id, display: 'second' },
      { value: first.id, display: 'first again' },
    ]);
  });

  it("counts a tenant's resources and bytes, refusing what would pass either limit, and frees both on delete", async () => {
    const store = openSqliteStore(IN_MEMORY_DATABASE, { maxResources: 2, maxBytes: 2000 });
    await withTenants(store, 'a', 'b');
    const { users, groups } = store.tenant('a');
    const kept = await users.create(user('kept'));
    const gone = await groups.create(group('gone'));

    await expect(users.create(user('third'))).rejects.toMatchObject({ status: 403, message: 'This key holds its maximum of 2 Users and Groups; delete some first' });
    await expect(users.replace(kept.id, user('kept', { title: 'x'.repeat(2000) }))).rejects.toMatchObject({
      status: 403,
      message: 'This key holds its maximum of 2000 bytes of resources; delete some first',
    });
    // The other tenant has limits of its own.
    await store.tenant('b').users.create(user('third'));

    await groups.delete(gone.id);
    await users.create(user('third'));
    expect(await users.count()).toBe(2);
  });

  it('refuses a resource of more than 100 KB as JSON with 413', async () => {
    const store = openSqliteStore(IN_MEMORY_DATABASE, { maxResources: 10, maxBytes: 10_000_000 });
    await withTenants(store, 'a');

    await expect(store.tenant('a').users.create(user('big', { title: 'x'.repeat(100 * 1024) }))).rejects.toMatchObject({ status: 413 });
    expect(await store.tenant('a').users.count()).toBe(0);
  });
});
