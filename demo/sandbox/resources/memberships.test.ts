// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { GROUP_SCHEMA, PATCH_SCHEMA, freshSandboxPerTest, newUser } from '../test-support/test-sandbox';

const fresh = freshSandboxPerTest();

async function post(path: string, body: unknown): Promise<string> {
  const response = await fresh.sandbox.scim(path, { method: 'POST', key: fresh.key, body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function groupsOf(userId: string): Promise<unknown> {
  return ((await (await fresh.sandbox.scim(`/Users/${userId}`, { key: fresh.key })).json()) as { groups?: unknown }).groups;
}

describe("a user's groups follow every group write", () => {
  it('after a replace that renames the group and swaps its members, and after its delete', async () => {
    const [a, b] = [await post('/Users', newUser('m.a')), await post('/Users', newUser('m.b'))];
    const group = await post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'before', members: [{ value: a }] });
    expect(await groupsOf(a)).toEqual([{ value: group, display: 'before', type: 'direct' }]);

    const put = await fresh.sandbox.scim(`/Groups/${group}`, {
      method: 'PUT',
      key: fresh.key,
      body: { schemas: [GROUP_SCHEMA], displayName: 'after', members: [{ value: b }] },
    });
    expect(put.status).toBe(200);
    expect(await groupsOf(a)).toBeUndefined();
    expect(await groupsOf(b)).toEqual([{ value: group, display: 'after', type: 'direct' }]);

    expect((await fresh.sandbox.scim(`/Groups/${group}`, { method: 'DELETE', key: fresh.key })).status).toBe(204);
    expect(await groupsOf(b)).toBeUndefined();
  });

  it('pages past the first page with the right users and totals', async () => {
    for (const name of ['p.1', 'p.2', 'p.3', 'p.4']) await post('/Users', newUser(name));
    const list = async (query: string): Promise<{ totalResults: number; Resources: { userName: string }[] }> =>
      (await fresh.sandbox.scim(`/Users?${query}`, { key: fresh.key })).json() as Promise<{ totalResults: number; Resources: { userName: string }[] }>;

    const first = await list('count=2');
    expect([first.totalResults, first.Resources.map((user) => user.userName)]).toEqual([4, ['p.1', 'p.2']]);
    const second = await list('startIndex=2&count=2');
    expect([second.totalResults, second.Resources.map((user) => user.userName)]).toEqual([4, ['p.2', 'p.3']]);
  });
});

describe('concurrent PATCHes of one group', () => {
  it('lose no member: 20 member adds sent at once are all applied', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => post('/Users', newUser(`c.${i}`))));
    const group = await post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'crowd' });

    const answers = await Promise.all(
      users.map((value) =>
        fresh.sandbox.scim(`/Groups/${group}`, { method: 'PATCH', key: fresh.key, body: { schemas: [PATCH_SCHEMA], Operations: [{ op: 'add', path: 'members', value: [{ value }] }] } }),
      ),
    );

    expect(answers.map(({ status }) => status)).toEqual(users.map(() => 200));
    const { members } = (await (await fresh.sandbox.scim(`/Groups/${group}`, { key: fresh.key })).json()) as { members: { value: string }[] };
    expect(members.map(({ value }) => value).sort()).toEqual([...users].sort());
  });
});
