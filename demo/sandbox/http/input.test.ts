// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_SCHEMA, GROUP_SCHEMA, USER_SCHEMA, freshSandboxPerTest, newUser } from '../test-support/test-sandbox';

const fresh = freshSandboxPerTest();

// A malformed request is the client's fault: the sandbox logs nothing (no stack trace) for it.
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  const logged = consoleError.mock.calls.length;
  consoleError.mockRestore();
  expect(logged, 'console.error calls').toBe(0);
});

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fresh.sandbox.scim(path, { method: 'POST', key: fresh.key, body, headers });
}

async function expectScimError(response: Response, status: number, scimType?: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/scim\+json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ schemas: [ERROR_SCHEMA], status: String(status), detail: expect.any(String) });
  if (scimType) expect(body.scimType).toBe(scimType);
}

describe('corrupt compressed bodies', () => {
  it.each(['gzip', 'deflate', 'br'])('answers 400 with a SCIM error to a corrupt %s body', async (encoding) => {
    const response = await fresh.sandbox.scim('/Users', {
      method: 'POST',
      key: fresh.key,
      body: 'this is not compressed at all',
      headers: { 'Content-Encoding': encoding, 'Content-Type': 'application/scim+json' },
    });

    await expectScimError(response, 400, 'invalidSyntax');
  });
});

describe('userName', () => {
  it.each([
    ['missing', { schemas: [USER_SCHEMA] }],
    ['empty', newUser('')],
    ['blank', newUser('   ')],
    ['a number', newUser(42 as unknown as string)],
    ['NUL', newUser('a\u0000b')],
    ['a line feed', newUser('a\nb')],
    ['a right-to-left override', newUser('admin\u202Etxt.exe')],
    ['a left-to-right isolate', newUser('a\u2066b')],
    ['a lone surrogate', newUser('a\uD800b')],
  ])('answers 400 invalidValue when it is %s', async (_case, body) => {
    await expectScimError(await post('/Users', body), 400, 'invalidValue');
    const list = (await (await fresh.sandbox.scim('/Users', { key: fresh.key })).json()) as { totalResults: number };
    expect(list.totalResults).toBe(0);
  });

  it('accepts letters of any script and emoji', async () => {
    expect((await post('/Users', newUser('José.Ñúñez'))).status).toBe(201);
    expect((await post('/Users', newUser('ユーザー'))).status).toBe(201);
    expect((await post('/Users', newUser('rocket🚀'))).status).toBe(201);
    // An emoji ZWJ sequence: zero-width characters are allowed, only ignored when comparing names.
    expect((await post('/Users', newUser('family👩\u200D👧'))).status).toBe(201);
  });

  it.each([
    ['a trailing space', 'bob ', 'bob'],
    ['NFD against NFC', 'Jose\u0301', 'José'],
    ['fullwidth letters (NFKC)', 'ｂｏｂ', 'bob'],
    ['a zero-width space', 'bob\u200B', 'bob'],
    ['a zero-width joiner', 'b\u200Dob', 'bob'],
    ['case', 'BOB', 'bob'],
  ])('counts names that differ only by %s as the same user: 409', async (_case, first, second) => {
    expect((await post('/Users', newUser(first))).status).toBe(201);

    await expectScimError(await post('/Users', newUser(second)), 409, 'uniqueness');
  });

  it('applies the same rules to a PATCH of userName', async () => {
    await post('/Users', newUser('taken'));
    const other = (await (await post('/Users', newUser('other'))).json()) as { id: string };
    const patch = (value: unknown) =>
      fresh.sandbox.scim(`/Users/${other.id}`, {
        method: 'PATCH',
        key: fresh.key,
        body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'userName', value }] },
      });

    await expectScimError(await patch('TAKEN '), 409, 'uniqueness');
    await expectScimError(await patch('x\u202Ey'), 400, 'invalidValue');
  });
});

describe('group members', () => {
  it('merges a member listed twice', async () => {
    const user = (await (await post('/Users', newUser('twice'))).json()) as { id: string };

    const response = await post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'dupes', members: [{ value: user.id }, { value: user.id, display: 'again' }] });

    expect(response.status).toBe(201);
    expect(((await response.json()) as { members: unknown[] }).members).toEqual([expect.objectContaining({ value: user.id })]);
    const read = (await (await fresh.sandbox.scim(`/Users/${user.id}`, { key: fresh.key })).json()) as { groups: unknown[] };
    expect(read.groups).toHaveLength(1);
  });
});

describe('bodies that are not SCIM resources', () => {
  it.each([
    ['an array', '[]'],
    ['null', 'null'],
    ['a string', '"user"'],
    ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['schemas as a string', JSON.stringify({ schemas: USER_SCHEMA, userName: 'x' })],
    ['emails as an object', JSON.stringify(newUser('x', { emails: { value: 'a@b.c' } }))],
    ['name as a string', JSON.stringify(newUser('x', { name: 'Bob' }))],
  ])('answers 4xx with a SCIM error to %s', async (_case, body) => {
    const response = await post('/Users', body);

    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await response.json()).toMatchObject({ schemas: [ERROR_SCHEMA] });
  });
});
