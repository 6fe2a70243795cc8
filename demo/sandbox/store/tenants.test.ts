// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ERROR_SCHEMA, GROUP_SCHEMA, PATCH_SCHEMA, freshSandboxPerTest, newUser } from '../test-support/test-sandbox';

// Issue 27, H2: one store served every key, so key B could list, find, read, change and delete
// key A's users, and learn A's userNames from 409s. Each key is now a tenant of its own.
const fresh = freshSandboxPerTest();

interface Listed {
  totalResults: number;
  Resources?: { id: string; userName?: string; displayName?: string; groups?: unknown[] }[];
}

async function created(key: string, path: string, body: unknown): Promise<string> {
  const response = await fresh.sandbox.scim(path, { method: 'POST', key, body });
  expect(response.status, `POST ${path}`).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function listed(key: string, path: string, request: { method?: string; body?: unknown } = {}): Promise<Listed> {
  const response = await fresh.sandbox.scim(path, { key, ...request });
  expect(response.status, path).toBe(200);
  return (await response.json()) as Listed;
}

async function expectNotFound(response: Response): Promise<void> {
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '404' });
}

describe('two keys share nothing', () => {
  it('lists, filters and searches only the resources of the key that asks', async () => {
    const { key: a } = fresh;
    const b = await fresh.sandbox.createKey('pro');
    const alice = await created(a, '/Users', newUser('alice'));
    await created(a, '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'a-team', members: [{ value: alice }] });
    await created(b, '/Users', newUser('bob'));

    expect((await listed(b, '/Users')).Resources?.map((user) => user.userName)).toEqual(['bob']);
    expect((await listed(b, '/Groups')).totalResults).toBe(0);
    expect((await listed(b, `/Users?filter=${encodeURIComponent('userName eq "alice"')}`)).totalResults).toBe(0);
    expect((await listed(b, `/Users?filter=${encodeURIComponent('userName pr')}&sortBy=userName`)).Resources?.map((user) => user.userName)).toEqual(['bob']);
    const search = { schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'], filter: 'userName sw "a" or displayName sw "a"' };
    expect((await listed(b, '/.search', { method: 'POST', body: search })).totalResults).toBe(0);
    expect((await listed(b, '/Users/.search', { method: 'POST', body: search })).totalResults).toBe(0);
    expect((await listed(a, '/.search', { method: 'POST', body: search })).totalResults).toBe(2);
  });

  it("answers 404 to every read, replace, PATCH and DELETE of another key's user or group, and leaves it as it was", async () => {
    const { key: a } = fresh;
    const b = await fresh.sandbox.createKey('pro');
    const alice = await created(a, '/Users', newUser('alice'));
    const group = await created(a, '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'a-team', members: [{ value: alice }] });

    for (const [path, body, attribute, filtered] of [
      [`/Users/${alice}`, newUser('taken.over'), 'userName', 'emails[type eq "work"]'],
      [`/Groups/${group}`, { schemas: [GROUP_SCHEMA], displayName: 'taken.over' }, 'displayName', 'members[value eq "x"]'],
    ] as const) {
      const patch = { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: attribute, value: 'taken.over' }] };
      await expectNotFound(await fresh.sandbox.scim(path, { key: b }));
      await expectNotFound(await fresh.sandbox.scim(path, { method: 'PUT', key: b, body }));
      await expectNotFound(await fresh.sandbox.scim(path, { method: 'PATCH', key: b, body: patch }));
      await expectNotFound(await fresh.sandbox.scim(path, { method: 'PATCH', key: b, body: { schemas: [PATCH_SCHEMA], Operations: [{ op: 'remove', path: filtered }] } }));
      await expectNotFound(await fresh.sandbox.scim(path, { method: 'DELETE', key: b }));
    }

    const user = (await (await fresh.sandbox.scim(`/Users/${alice}`, { key: a })).json()) as { userName: string; groups: unknown[] };
    expect(user).toMatchObject({ userName: 'alice', groups: [{ value: group, display: 'a-team', type: 'direct' }] });
    expect(await (await fresh.sandbox.scim(`/Groups/${group}`, { key: a })).json()).toMatchObject({ displayName: 'a-team', members: [{ value: alice }] });
  });

  it('takes the same userName and group name in each key without a 409, so no key learns what another holds', async () => {
    const { key: a } = fresh;
    const b = await fresh.sandbox.createKey('pro');
    await created(a, '/Users', newUser('same.name'));
    await created(a, '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Same Group' });

    await created(b, '/Users', newUser('SAME.NAME'));
    await created(b, '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'same group' });

    // Within one key the name is still taken.
    const repeat = await fresh.sandbox.scim('/Users', { method: 'POST', key: b, body: newUser('same.name') });
    expect(repeat.status).toBe(409);
  });

  it("refuses another key's user as a member, and shows a user only its own key's groups", async () => {
    const { key: a } = fresh;
    const b = await fresh.sandbox.createKey('pro');
    const alice = await created(a, '/Users', newUser('alice'));

    const foreign = await fresh.sandbox.scim('/Groups', { method: 'POST', key: b, body: { schemas: [GROUP_SCHEMA], displayName: 'grab', members: [{ value: alice }] } });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ scimType: 'invalidValue', detail: `Member ${alice} is neither a User nor a Group here` });

    const bobs = await created(b, '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'b-team' });
    const add = await fresh.sandbox.scim(`/Groups/${bobs}`, {
      method: 'PATCH',
      key: b,
      body: { schemas: [PATCH_SCHEMA], Operations: [{ op: 'add', path: 'members', value: [{ value: alice }] }] },
    });
    expect(add.status).toBe(400);
    expect((await listed(a, `/Users?filter=${encodeURIComponent('groups pr')}`)).totalResults).toBe(0);
  });
});
