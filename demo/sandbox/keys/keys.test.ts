// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../test-support/test-sandbox';

let sandbox: RunningSandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ freeLimit: 7, proLimit: 70 });
});
afterEach(() => sandbox.close());

function postKey(body: string, contentType = 'application/json'): Promise<Response> {
  return fetch(`${sandbox.origin}/api/keys`, { method: 'POST', headers: { 'Content-Type': contentType }, body });
}

describe('POST /api/keys', () => {
  it.each([
    ['free', 7],
    ['pro', 70],
  ])('issues a %s key with that plan’s limit', async (plan, limit) => {
    const response = await postKey(JSON.stringify({ plan }));

    expect(response.status).toBe(201);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const body = (await response.json()) as { key: string; plan: string; limit: number };
    expect(body).toEqual({ key: expect.any(String), plan, limit });
    // 32 random bytes in base64url.
    expect(body.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('issues a different key every time', async () => {
    const keys = await Promise.all(Array.from({ length: 5 }, () => sandbox.createKey('free')));

    expect(new Set(keys).size).toBe(5);
  });

  it('issues keys that authenticate SCIM requests', async () => {
    const key = await sandbox.createKey('pro');

    expect((await sandbox.scim('/Users', { key })).status).toBe(200);
  });

  it.each([
    ['an unknown plan', JSON.stringify({ plan: 'enterprise' })],
    ['a plan in the wrong case', JSON.stringify({ plan: 'Free' })],
    ['no plan', JSON.stringify({})],
    ['a bare string', JSON.stringify('free')],
    ['invalid JSON', '{"plan":'],
  ])('answers 400 with a JSON error to %s', async (_case, body) => {
    const response = await postKey(body);

    expect(response.status).toBe(400);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it('answers 400 to a body that is not JSON', async () => {
    const response = await postKey('plan=free', 'application/x-www-form-urlencoded');

    expect(response.status).toBe(400);
  });
});

describe('GET /api/keys/current', () => {
  const current = (key?: string) => fetch(`${sandbox.origin}/api/keys/current`, key === undefined ? {} : { headers: { Authorization: `Bearer ${key}` } });

  it('answers the plan and limit of a key the sandbox issued', async () => {
    const { key } = (await (await postKey(JSON.stringify({ plan: 'pro' }))).json()) as { key: string };
    const response = await current(key);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ plan: 'pro', limit: 70 });
  });

  it.each([['a key it never issued (or evicted, or expired)', 'not-a-key'], ['no key', undefined]])('answers 401 to %s', async (_case, key) => {
    const response = await current(key);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/expired unused, was evicted to make room for new keys/);
  });
});
