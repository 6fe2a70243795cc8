// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ENTERPRISE_SCHEMA,
  ERROR_SCHEMA,
  LIST_SCHEMA,
  PATCH_SCHEMA,
  USER_SCHEMA,
  newUser,
  freshSandboxPerTest,
} from '../test-support/test-sandbox';

interface User {
  id: string;
  userName: string;
  schemas: string[];
  meta: { resourceType: string; created: string; lastModified: string; location: string };
  [attribute: string]: unknown;
}

interface List {
  schemas: string[];
  totalResults: number;
  startIndex: number;
  Resources: User[];
}

const fresh = freshSandboxPerTest();

async function createUser(body: unknown): Promise<User> {
  const response = await fresh.sandbox.scim('/Users', { method: 'POST', key: fresh.key, body });
  expect(response.status).toBe(201);
  return (await response.json()) as User;
}

async function list(query: string): Promise<List> {
  const response = await fresh.sandbox.scim(`/Users?${query}`, { key: fresh.key });
  expect(response.status).toBe(200);
  return (await response.json()) as List;
}

const ada = {
  schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
  userName: 'ada.lovelace',
  name: { givenName: 'Ada', familyName: 'Lovelace', formatted: 'Ada Lovelace' },
  emails: [{ value: 'ada@example.com' }],
  active: true,
  [ENTERPRISE_SCHEMA]: { employeeNumber: '181512' },
};

describe('Users', () => {
  it('creates a user with the enterprise extension and answers 201 with SCIM JSON', async () => {
    const response = await fresh.sandbox.scim('/Users', { method: 'POST', key: fresh.key, body: ada });

    expect(response.status).toBe(201);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/scim\+json/);
    const user = (await response.json()) as User;
    expect(user).toMatchObject({
      schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
      userName: 'ada.lovelace',
      name: ada.name,
      emails: ada.emails,
      active: true,
      [ENTERPRISE_SCHEMA]: { employeeNumber: '181512' },
      meta: { resourceType: 'User' },
    });
    expect(user.id).toEqual(expect.any(String));
    expect(user.meta.location).toBe(`/scim/v2/Users/${user.id}`);
    expect(Date.parse(user.meta.created)).not.toBeNaN();
  });

  it('accepts a body sent as application/json', async () => {
    const response = await fresh.sandbox.scim('/Users', {
      method: 'POST',
      key: fresh.key,
      body: newUser('plain.json'),
      headers: { 'Content-Type': 'application/json' },
    });

    expect(response.status).toBe(201);
  });

  it('ignores an id sent by the client', async () => {
    const user = await createUser(newUser('chooser', { id: 'my-own-id' }));

    expect(user.id).not.toBe('my-own-id');
  });

  it('reads a created user back', async () => {
    const created = await createUser(ada);

    const response = await fresh.sandbox.scim(`/Users/${created.id}`, { key: fresh.key });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(created);
  });

  it('lists users matching a userName filter', async () => {
    await createUser(newUser('alan.turing'));
    const wanted = await createUser(ada);

    const result = await list(`filter=${encodeURIComponent('userName eq "ada.lovelace"')}`);

    expect(result.schemas).toEqual([LIST_SCHEMA]);
    expect(result.totalResults).toBe(1);
    expect(result.Resources.map((user) => user.id)).toEqual([wanted.id]);
  });

  it('answers 400 invalidFilter to a filter it cannot parse', async () => {
    const response = await fresh.sandbox.scim(`/Users?filter=${encodeURIComponent('userName eq "a" nonsense')}`, { key: fresh.key });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ schemas: [ERROR_SCHEMA], scimType: 'invalidFilter' });
  });

  it('pages with startIndex and count, oldest first', async () => {
    for (const userName of ['first', 'second', 'third']) await createUser(newUser(userName));

    const page = await list('startIndex=2&count=1');
    expect(page).toMatchObject({ totalResults: 3, startIndex: 2 });
    expect(page.Resources.map((user) => user.userName)).toEqual(['second']);

    const rest = await list('startIndex=2&count=5');
    expect(rest.Resources.map((user) => user.userName)).toEqual(['second', 'third']);

    const pastTheEnd = await list('startIndex=4&count=1');
    expect(pastTheEnd).toMatchObject({ totalResults: 3, startIndex: 4, Resources: [] });
  });

  it('replaces a user with PUT, keeping id and created', async () => {
    const created = await createUser(ada);

    const response = await fresh.sandbox.scim(`/Users/${created.id}`, {
      method: 'PUT',
      key: fresh.key,
      body: { schemas: [USER_SCHEMA], userName: 'countess.lovelace', active: false },
    });

    expect(response.status).toBe(200);
    const replaced = (await response.json()) as User;
    expect(replaced).toMatchObject({ id: created.id, userName: 'countess.lovelace', active: false });
    expect(replaced.meta.created).toBe(created.meta.created);
    // PUT replaces: what the new body leaves out is gone.
    expect(replaced).not.toHaveProperty('name');
    expect(replaced).not.toHaveProperty(ENTERPRISE_SCHEMA);
    expect(await (await fresh.sandbox.scim(`/Users/${created.id}`, { key: fresh.key })).json()).toEqual(replaced);
  });

  it('patches a user', async () => {
    const created = await createUser(ada);

    const response = await fresh.sandbox.scim(`/Users/${created.id}`, {
      method: 'PATCH',
      key: fresh.key,
      body: {
        schemas: [PATCH_SCHEMA],
        Operations: [
          { op: 'replace', path: 'active', value: false },
          { op: 'add', path: 'title', value: 'Analyst' },
          { op: 'replace', path: `${ENTERPRISE_SCHEMA}:employeeNumber`, value: '1815' },
        ],
      },
    });

    expect(response.status).toBe(200);
    const patched = (await response.json()) as User;
    expect(patched).toMatchObject({
      id: created.id,
      userName: 'ada.lovelace',
      active: false,
      title: 'Analyst',
      [ENTERPRISE_SCHEMA]: { employeeNumber: '1815' },
    });
    expect(await (await fresh.sandbox.scim(`/Users/${created.id}`, { key: fresh.key })).json()).toEqual(patched);
  });

  it('deletes a user with 204, after which it is 404', async () => {
    const created = await createUser(ada);

    const deleted = await fresh.sandbox.scim(`/Users/${created.id}`, { method: 'DELETE', key: fresh.key });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');

    const gone = await fresh.sandbox.scim(`/Users/${created.id}`, { key: fresh.key });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('Content-Type')).toMatch(/^application\/scim\+json/);
    expect(await gone.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '404' });
    expect((await list('')).totalResults).toBe(0);
  });

  it.each(['GET', 'PUT', 'PATCH', 'DELETE'])('answers 404 to %s on an unknown id', async (method) => {
    const body =
      method === 'PUT' ? newUser('nobody') : method === 'PATCH' ? { schemas: [PATCH_SCHEMA], Operations: [{ op: 'add', path: 'title', value: 'x' }] } : undefined;

    const response = await fresh.sandbox.scim('/Users/no-such-id', { method, key: fresh.key, body });

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '404' });
  });
});
