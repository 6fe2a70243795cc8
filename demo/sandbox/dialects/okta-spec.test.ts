// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_SCHEMA, LIST_SCHEMA, USER_SCHEMA, newUser, startSandbox, type RunningSandbox, type ScimRequest } from '../test-support/test-sandbox';

// The steps of Okta's "SCIM 2.0 Spec Test", the Runscope suite Okta asks a SCIM server to pass
// before it is submitted (okta/okta-developer-docs, packages/@okta/vuepress-site/.vuepress/public/
// standards/SCIM/SCIMFiles/Okta-SCIM-20-SPEC-Test.json): the same requests, headers and checks, in
// order, against one sandbox. Where Okta only checks the status, the RFC's answer is checked too.

// Okta's test sends these with every GET.
const OKTA_HEADERS = {
  'Accept-Charset': 'utf-8',
  'Content-Type': 'application/scim+json; charset=utf-8',
  Accept: 'application/scim+json',
  'User-Agent': 'OKTA SCIM Integration',
};

const suffix = Math.random().toString(36).slice(2, 8);
const randomUsername = `okta.spec.${suffix}@example.com`;
const randomGivenName = `Given${suffix}`;
const randomFamilyName = `Family${suffix}`;

let sandbox: RunningSandbox;
let key: string;
let idUserOne = '';

beforeAll(async () => {
  sandbox = await startSandbox();
  key = await sandbox.createKey('pro');
  // Okta's first step reads a user the server already has (ISVUserid).
  const seeded = await sandbox.scim('/Users', { method: 'POST', key, body: newUser('isv.user', { name: { givenName: 'Isv', familyName: 'User' }, active: true }) });
  expect(seeded.status).toBe(201);
});
afterAll(() => sandbox.close());

async function okta(path: string, request: ScimRequest = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await sandbox.scim(path, { key, ...request, headers: { ...OKTA_HEADERS, ...request.headers } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const createUserOne = (emailValue: string): ScimRequest => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/scim+json; charset=utf-8' },
  body: {
    schemas: [USER_SCHEMA],
    userName: randomUsername,
    name: { givenName: randomGivenName, familyName: randomFamilyName },
    emails: [{ primary: true, value: emailValue, type: 'work' }],
    displayName: `${randomGivenName} ${randomFamilyName}`,
    active: true,
  },
});

describe("Okta's SCIM 2.0 Spec Test, step by step", () => {
  it('1. GET /Users?count=1&startIndex=1: a ListResponse with one user, then that user in full', async () => {
    const list = await okta('/Users?count=1&startIndex=1');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ schemas: [LIST_SCHEMA], itemsPerPage: 1, startIndex: 1, totalResults: 1 });
    const [first] = list.body.Resources as { id: string }[];
    const user = await okta(`/Users/${first?.id}`);
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ id: first?.id, userName: 'isv.user', name: { givenName: 'Isv', familyName: 'User' }, active: true });
  });

  it('2. a filter on an unknown userName answers an empty ListResponse', async () => {
    const { status, body } = await okta(`/Users?filter=${encodeURIComponent('userName eq "nobody@invalid.example"')}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ schemas: [LIST_SCHEMA], totalResults: 0 });
  });

  it('3. GET of an unknown id answers 404 with a SCIM error', async () => {
    const { status, body } = await okta('/Users/010101010101');
    expect(status).toBe(404);
    expect(body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '404', detail: expect.any(String) });
  });

  it('4. POST /Users (as application/json) creates the user: 201, active, with its names', async () => {
    const { status, body } = await okta('/Users', createUserOne(randomUsername));
    expect(status).toBe(201);
    expect(body).toMatchObject({ active: true, name: { givenName: randomGivenName, familyName: randomFamilyName } });
    expect(body.schemas).toContain(USER_SCHEMA);
    idUserOne = String(body.id);
    expect(idUserOne).not.toBe('');
  });

  it('5. GET /Users/{id} returns what was created', async () => {
    const { status, body } = await okta(`/Users/${idUserOne}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ userName: randomUsername, name: { givenName: randomGivenName, familyName: randomFamilyName } });
  });

  it('6. the same POST again answers 409', async () => {
    const { status, body } = await okta('/Users', createUserOne(randomUsername));
    expect(status).toBe(409);
    expect(body).toMatchObject({ schemas: [ERROR_SCHEMA], scimType: 'uniqueness' });
  });

  it('7. a filter on the userName in capitals finds the user (userName is caseExact false)', async () => {
    const { status, body } = await okta(`/Users?filter=${encodeURIComponent(`userName eq "${randomUsername.toUpperCase()}"`)}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ totalResults: 1, Resources: [{ id: idUserOne }] });
  });

  it('8. GET /Groups answers 200 within 600 ms', async () => {
    const started = performance.now();
    const { status, body } = await okta('/Groups');
    expect(performance.now() - started).toBeLessThan(600);
    expect(status).toBe(200);
    expect(body).toMatchObject({ schemas: [LIST_SCHEMA], totalResults: 0 });
  });

  it('9. a request with "Authorization: non-token" answers 401 with a SCIM error', async () => {
    const response = await sandbox.scim(`/Users?filter=${encodeURIComponent(`userName eq "${randomUsername}"`)}`, {
      headers: { ...OKTA_HEADERS, Authorization: 'non-token' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '401', detail: expect.any(String) });
  });

  it('10. GET /Users/00919288221112222 answers 404 with a SCIM error', async () => {
    const { status, body } = await okta('/Users/00919288221112222');
    expect(status).toBe(404);
    expect(body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '404', detail: expect.any(String) });
  });
});
