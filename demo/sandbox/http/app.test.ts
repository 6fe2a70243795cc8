// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newUser, startSandbox, type RunningSandbox } from '../test-support/test-sandbox';

let first: RunningSandbox;
let second: RunningSandbox;
beforeEach(async () => {
  [first, second] = await Promise.all([startSandbox(), startSandbox()]);
});
afterEach(() => Promise.all([first.close(), second.close()]));

async function userNames(sandbox: RunningSandbox, key: string): Promise<string[]> {
  const list = (await (await sandbox.scim('/Users', { key })).json()) as { Resources: { userName: string }[] };
  return list.Resources.map((user) => user.userName);
}

describe('createSandbox', () => {
  it('gives every sandbox its own store', async () => {
    const [firstKey, secondKey] = await Promise.all([first.createKey(), second.createKey()]);

    expect((await first.scim('/Users', { method: 'POST', key: firstKey, body: newUser('only.in.first') })).status).toBe(201);

    expect(await userNames(first, firstKey)).toEqual(['only.in.first']);
    expect(await userNames(second, secondKey)).toEqual([]);
    // No 409 either: uniqueness is per store.
    expect((await second.scim('/Users', { method: 'POST', key: secondKey, body: newUser('only.in.first') })).status).toBe(201);
  });

  it('gives every sandbox its own keys', async () => {
    const firstKey = await first.createKey();

    expect((await first.scim('/Users', { key: firstKey })).status).toBe(200);
    expect((await second.scim('/Users', { key: firstKey })).status).toBe(401);
  });
});
