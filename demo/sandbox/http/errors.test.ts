// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ENTERPRISE_SCHEMA, ERROR_SCHEMA, GROUP_SCHEMA, USER_SCHEMA, newUser, freshSandboxPerTest } from '../test-support/test-sandbox';

const fresh = freshSandboxPerTest();

async function post(path: string, body: unknown): Promise<Response> {
  return fresh.sandbox.scim(path, { method: 'POST', key: fresh.key, body });
}

async function expectScimError(response: Response, status: number, scimType?: string): Promise<{ detail: string }> {
  expect(response.status).toBe(status);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/scim\+json/);
  const body = (await response.json()) as { detail: string };
  expect(body).toMatchObject({ schemas: [ERROR_SCHEMA], status: String(status), detail: expect.any(String) });
  if (scimType) expect(body).toMatchObject({ scimType });
  return body;
}

async function countOf(path: string): Promise<number> {
  return ((await (await fresh.sandbox.scim(path, { key: fresh.key })).json()) as { totalResults: number }).totalResults;
}

describe('uniqueness', () => {
  it('answers 409 uniqueness to a userName that differs only in case', async () => {
    expect((await post('/Users', newUser('Barbara.Liskov'))).status).toBe(201);

    await expectScimError(await post('/Users', newUser('barbara.LISKOV')), 409, 'uniqueness');
    expect(await countOf('/Users')).toBe(1);
  });

  it('answers 409 uniqueness when PUT takes another user’s userName', async () => {
    await post('/Users', newUser('taken'));
    const other = (await (await post('/Users', newUser('free'))).json()) as { id: string };

    const response = await fresh.sandbox.scim(`/Users/${other.id}`, { method: 'PUT', key: fresh.key, body: newUser('TAKEN') });

    await expectScimError(response, 409, 'uniqueness');
  });

  it('lets PUT keep a user’s own userName', async () => {
    const user = (await (await post('/Users', newUser('keeper'))).json()) as { id: string };

    const response = await fresh.sandbox.scim(`/Users/${user.id}`, { method: 'PUT', key: fresh.key, body: newUser('Keeper', { title: 'x' }) });

    expect(response.status).toBe(200);
  });

  it('answers 409 uniqueness to a repeated group displayName', async () => {
    expect((await post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'admins' })).status).toBe(201);

    await expectScimError(await post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Admins' }), 409, 'uniqueness');
    expect(await countOf('/Groups')).toBe(1);
  });
});

describe('invalid requests', () => {
  it('answers 400 to invalid JSON', async () => {
    await expectScimError(await post('/Users', '{"schemas":['), 400, 'invalidSyntax');
  });

  it('answers 400 to a numeric employeeNumber, which RFC 7643 types as a string', async () => {
    const body = { schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA], userName: 'numbers', [ENTERPRISE_SCHEMA]: { employeeNumber: 42 } };

    const { detail } = await expectScimError(await post('/Users', body), 400, 'invalidValue');

    expect(detail).toContain('employeeNumber');
    expect(await countOf('/Users')).toBe(0);
  });

  it('answers 400 to an unknown schema URN', async () => {
    const body = { schemas: [USER_SCHEMA, 'urn:example:params:scim:schemas:unknown'], userName: 'stranger' };

    const { detail } = await expectScimError(await post('/Users', body), 400);

    expect(detail).toContain('urn:example:params:scim:schemas:unknown');
    expect(await countOf('/Users')).toBe(0);
  });

  it('answers 400 to a Group schema on /Users', async () => {
    await expectScimError(await post('/Users', { schemas: [GROUP_SCHEMA], userName: 'confused' }), 400);
  });

  it('answers 400 to a user without userName', async () => {
    await expectScimError(await post('/Users', { schemas: [USER_SCHEMA], displayName: 'Nameless' }), 400);
  });

  it('answers 400 to a POST without a body', async () => {
    await expectScimError(await fresh.sandbox.scim('/Users', { method: 'POST', key: fresh.key }), 400);
  });

  it('answers 404 with a SCIM error to an unknown endpoint', async () => {
    await expectScimError(await fresh.sandbox.scim('/Widgets', { key: fresh.key }), 404);
  });
});
