// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_SCHEMA, startSandbox, type RunningSandbox } from '../test-support/test-sandbox';

let sandbox: RunningSandbox;
beforeEach(async () => {
  sandbox = await startSandbox();
});
afterEach(() => sandbox.close());

async function expectScim401(response: Response): Promise<{ detail: string }> {
  expect(response.status).toBe(401);
  expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer\b/);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/scim\+json/);
  const body = (await response.json()) as { detail: string };
  expect(body).toEqual({ schemas: [ERROR_SCHEMA], status: '401', detail: expect.any(String) });
  return body;
}

describe('bearer authentication on /scim/v2', () => {
  it('answers 401 without an Authorization header', async () => {
    await expectScim401(await sandbox.scim('/Users'));
  });

  it('answers 401 to a key it never issued, without echoing the key', async () => {
    const madeUp = 'x'.repeat(43);

    const response = await sandbox.scim('/Users', { key: madeUp });

    expect(response.headers.get('WWW-Authenticate')).toContain('error="invalid_token"');
    const { detail } = await expectScim401(response);
    expect(detail).not.toContain(madeUp);
  });

  it('answers 401 to another authentication scheme', async () => {
    const key = await sandbox.createKey();

    await expectScim401(await sandbox.scim('/Users', { headers: { Authorization: `Basic ${key}` } }));
  });

  it('accepts the scheme name in any case', async () => {
    const key = await sandbox.createKey();

    const response = await sandbox.scim('/Users', { headers: { Authorization: `bearer ${key}` } });

    expect(response.status).toBe(200);
  });

  it.each(['/ServiceProviderConfig', '/ResourceTypes', '/Schemas'])('requires a key for discovery too: %s', async (path) => {
    await expectScim401(await sandbox.scim(path));
  });

  it('does not let a 401 create anything', async () => {
    const key = await sandbox.createKey();

    await expectScim401(
      await sandbox.scim('/Users', { method: 'POST', body: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'sneaky' } }),
    );

    const list = (await (await sandbox.scim('/Users', { key })).json()) as { totalResults: number };
    expect(list.totalResults).toBe(0);
  });
});
