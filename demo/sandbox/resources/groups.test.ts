// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ERROR_SCHEMA, GROUP_SCHEMA, PATCH_SCHEMA, newUser, freshSandboxPerTest } from '../test-support/test-sandbox';

interface Group {
  id: string;
  displayName: string;
  members?: { value: string; display?: string }[];
  meta: { resourceType: string; created: string; location: string };
}

const fresh = freshSandboxPerTest();

async function created(path: string, body: unknown): Promise<{ id: string }> {
  const response = await fresh.sandbox.scim(path, { method: 'POST', key: fresh.key, body });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

async function read<T>(path: string): Promise<T> {
  const response = await fresh.sandbox.scim(path, { key: fresh.key });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('Groups', () => {
  it('creates, reads, lists, replaces, patches and deletes a group', async () => {
    const response = await fresh.sandbox.scim('/Groups', { method: 'POST', key: fresh.key, body: { schemas: [GROUP_SCHEMA], displayName: 'engineering' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/scim\+json/);
    const group = (await response.json()) as Group;
    expect(group).toMatchObject({ schemas: [GROUP_SCHEMA], displayName: 'engineering', meta: { resourceType: 'Group' } });
    expect(group.meta.location).toBe(`/scim/v2/Groups/${group.id}`);

    expect(await read(`/Groups/${group.id}`)).toEqual(group);

    await created('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'sales' });
    const filtered = await read<{ totalResults: number; Resources: Group[] }>(
      `/Groups?filter=${encodeURIComponent('displayName eq "engineering"')}`,
    );
    expect(filtered.totalResults).toBe(1);
    expect(filtered.Resources[0]?.id).toBe(group.id);

    const replaced = await fresh.sandbox.scim(`/Groups/${group.id}`, {
      method: 'PUT',
      key: fresh.key,
      body: { schemas: [GROUP_SCHEMA], displayName: 'platform' },
    });
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({ id: group.id, displayName: 'platform' });

    const patched = await fresh.sandbox.scim(`/Groups/${group.id}`, {
      method: 'PATCH',
      key: fresh.key,
      body: { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'displayName', value: 'infrastructure' }] },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id: group.id, displayName: 'infrastructure' });

    const deleted = await fresh.sandbox.scim(`/Groups/${group.id}`, { method: 'DELETE', key: fresh.key });
    expect(deleted.status).toBe(204);
    const gone = await fresh.sandbox.scim(`/Groups/${group.id}`, { key: fresh.key });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '404' });
  });

  it('adds a member with PATCH and shows the membership on the user', async () => {
    const user = await created('/Users', newUser('grace.hopper'));
    const group = await created('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'navy' });

    const patched = await fresh.sandbox.scim(`/Groups/${group.id}`, {
      method: 'PATCH',
      key: fresh.key,
      body: { schemas: [PATCH_SCHEMA], Operations: [{ op: 'add', path: 'members', value: [{ value: user.id }] }] },
    });

    expect(patched.status).toBe(200);
    expect(((await patched.json()) as Group).members).toEqual([expect.objectContaining({ value: user.id })]);
    expect(await read(`/Users/${user.id}`)).toMatchObject({ groups: [{ value: group.id, display: 'navy' }] });
  });

  it('drops a deleted user from its groups', async () => {
    const user = await created('/Users', newUser('leaver'));
    const group = await created('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'team', members: [{ value: user.id }] });

    expect((await fresh.sandbox.scim(`/Users/${user.id}`, { method: 'DELETE', key: fresh.key })).status).toBe(204);

    expect((await read<Group>(`/Groups/${group.id}`)).members ?? []).toEqual([]);
  });

  it('answers 400 invalidValue to a member that does not exist', async () => {
    const response = await fresh.sandbox.scim('/Groups', {
      method: 'POST',
      key: fresh.key,
      body: { schemas: [GROUP_SCHEMA], displayName: 'ghosts', members: [{ value: 'no-such-user' }] },
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '400', scimType: 'invalidValue' });
  });
});
