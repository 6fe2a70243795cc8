import { afterEach, describe, expect, it } from 'vitest';
import { Conflict, LimitExceeded, LockTimeout, NotFound, TenantGone } from '../store/errors';
import { MAX_RESOURCE_BYTES, type GroupData, type SandboxStore, type TenantLimits, type UserData } from '../store/store';

/** Opens an empty store with these limits; every store the sandbox has passes the same suite. */
export type OpenStore = (limits: TenantLimits) => Promise<SandboxStore>;

const LIMITS = { maxResources: 1000, maxBytes: 1_000_000 };
/** Longer than any of these tests waits for a lock that comes free. */
const WAIT_MS = 30_000;
const user = (userName: string, extra: object = {}) => ({ schemas: [], userName, ...extra }) as unknown as UserData;
const group = (displayName: string, members: string[] = []) => ({ schemas: [], displayName, members: members.map((value) => ({ value })) }) as unknown as GroupData;

async function withTenants(store: SandboxStore, ...ids: string[]): Promise<void> {
  for (const id of ids) await store.keys.insert({ id, hash: `hash-${id}`, plan: 'free', address: '198.51.100.1', lastUsed: 0 });
}

/** The store contract (store.ts, errors.ts), run against `open`. */
export function storeContract(name: string, open: OpenStore): void {
  describe(`the store contract: ${name}`, () => {
    const opened: SandboxStore[] = [];
    const openStore = async (limits: TenantLimits = LIMITS) => {
      const store = await open(limits);
      opened.push(store);
      return store;
    };
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });

    it('finds a key by its hash, touches it, and counts, lists and picks keys by when they were used', async () => {
      const store = await openStore();
      const key = (id: string, address: string, lastUsed: number) => ({ id, hash: `hash-${id}`, plan: 'pro' as const, address, lastUsed });
      for (const record of [key('a1', 'A', 10), key('a2', 'A', 20), key('b1', 'B', 5), key('c1', 'C', 30)]) await store.keys.insert(record);
      await store.keys.touch('b1', 40);

      expect(await store.keys.findByHash('hash-b1')).toEqual(key('b1', 'B', 40));
      expect(await store.keys.findByHash('hash-unknown')).toBeUndefined();
      expect(await store.keys.countUsedSince(20)).toBe(3);
      expect((await store.keys.unusedSince(25, 2)).map(({ id }) => id)).toEqual(['a1', 'a2']);
      expect((await store.keys.leastRecentOfBusiestAddress(0))?.id).toBe('a1');
      await store.keys.delete('a1');
      expect(await store.keys.findByHash('hash-a1')).toBeUndefined();
    });

    it("deletes a tenant's resources and memberships with its key, and nothing of another tenant's", async () => {
      const store = await openStore();
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

    it('keeps what it is given, with an id and meta, and a replace keeps the id and created time', async () => {
      const store = await openStore();
      await withTenants(store, 'a');
      const { users } = store.tenant('a');
      const ada = await users.create(user('ada', { name: { givenName: 'Ada' } }));
      expect(ada).toMatchObject({ userName: 'ada', name: { givenName: 'Ada' }, id: expect.any(String), meta: { created: ada.meta.created } });
      expect(await users.get(ada.id)).toEqual(ada);
      expect(await users.has(ada.id)).toBe(true);

      const renamed = await users.replace(ada.id, user('ada.l'));
      expect(renamed).toMatchObject({ id: ada.id, userName: 'ada.l', meta: { created: ada.meta.created } });
      expect(await users.get(ada.id)).toEqual(renamed);
    });

    it('pages and batches oldest first, and lists memberships in the order their groups were last written', async () => {
      const store = await openStore();
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
      await groups.delete(second.id);
      expect(await store.tenant('a').groupsOf(ids[0] ?? '')).toEqual([{ value: first.id, display: 'first again' }]);
    });

    it('throws Conflict for a unique name taken in the tenant, compared after NFKC, trimming and case; another tenant may take it', async () => {
      const store = await openStore();
      await withTenants(store, 'a', 'b');
      const { users, groups } = store.tenant('a');
      const bob = await users.create(user('bob'));
      const other = await users.create(user('other'));
      await groups.create(group('team'));

      await expect(users.create(user('ＢＯＢ '))).rejects.toEqual(new Conflict('userName', 'ＢＯＢ '));
      await expect(users.replace(other.id, user('Bob'))).rejects.toBeInstanceOf(Conflict);
      await expect(groups.create(group('TEAM'))).rejects.toEqual(new Conflict('displayName', 'TEAM'));
      await users.replace(bob.id, user('BOB'));
      await store.tenant('b').users.create(user('bob'));
      expect(await users.count()).toBe(2);
    });

    it('throws NotFound for an id it does not hold, or another tenant holds', async () => {
      const store = await openStore();
      await withTenants(store, 'a', 'b');
      const theirs = await store.tenant('b').users.create(user('theirs'));
      const { users, groups } = store.tenant('a');

      await expect(users.replace(theirs.id, user('mine'))).rejects.toEqual(new NotFound('User', theirs.id));
      await expect(users.delete(theirs.id)).rejects.toEqual(new NotFound('User', theirs.id));
      await expect(groups.delete('no-such-id')).rejects.toEqual(new NotFound('Group', 'no-such-id'));
      expect([await users.get(theirs.id), await users.has(theirs.id)]).toEqual([undefined, false]);
    });

    it("throws LimitExceeded past the tenant's resources or bytes, and frees both on delete", async () => {
      const store = await openStore({ maxResources: 2, maxBytes: 2000 });
      await withTenants(store, 'a', 'b');
      const { users, groups } = store.tenant('a');
      const kept = await users.create(user('kept'));
      const gone = await groups.create(group('gone'));

      await expect(users.create(user('third'))).rejects.toEqual(new LimitExceeded('resources', 2, 3));
      await expect(users.replace(kept.id, user('kept', { title: 'x'.repeat(2000) }))).rejects.toMatchObject({ limit: 'bytes', max: 2000 });
      expect(await users.get(kept.id)).toEqual(kept);
      await store.tenant('b').users.create(user('third'));

      await groups.delete(gone.id);
      await users.create(user('third'));
      expect(await users.count()).toBe(2);
    });

    it('throws LimitExceeded for a resource of more than MAX_RESOURCE_BYTES as JSON, and keeps nothing of it', async () => {
      const store = await openStore({ maxResources: 10, maxBytes: 10_000_000 });
      await withTenants(store, 'a');

      await expect(store.tenant('a').users.create(user('big', { title: 'x'.repeat(MAX_RESOURCE_BYTES) }))).rejects.toMatchObject({ limit: 'resourceBytes', max: MAX_RESOURCE_BYTES });
      expect(await store.tenant('a').users.count()).toBe(0);
    });

    it('throws TenantGone for a write of a tenant whose key was deleted', async () => {
      const store = await openStore();
      await withTenants(store, 'a');
      await store.keys.delete('a');

      await expect(store.tenant('a').users.create(user('late'))).rejects.toEqual(new TenantGone('a'));
    });

    it('holds a second lock of one resource until the first is released, and lets other resources be locked meanwhile', async () => {
      const store = await openStore();
      const release = await store.lock('a', 'group-1', WAIT_MS);
      const order: string[] = [];
      const second = store.lock('a', 'group-1', WAIT_MS).then((releaseSecond) => {
        order.push('second');
        return releaseSecond;
      });
      await (await store.lock('a', 'group-2', WAIT_MS))();
      await (await store.lock('b', 'group-1', WAIT_MS))();
      order.push('first released');
      await release();
      await (await second)();
      expect(order).toEqual(['first released', 'second']);
    });

    it('throws LockTimeout for a lock held past the wait it was given, and passes the lock on to the waiter after it once released', async () => {
      const store = await openStore();
      const release = await store.lock('a', 'group-1', WAIT_MS);
      const started = Date.now();
      const impatient = store.lock('a', 'group-1', 200);
      const patient = store.lock('a', 'group-1', WAIT_MS);

      await expect(impatient).rejects.toBeInstanceOf(LockTimeout);
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
      await release();
      await (await patient)();
      await (await store.lock('a', 'group-1', WAIT_MS))();
    });
  });
}
