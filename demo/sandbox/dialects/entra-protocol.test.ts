// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRA_GROUP_SCHEMA } from '../../../src/scim/protocol';
import { ENTERPRISE_SCHEMA, ERROR_SCHEMA, GROUP_SCHEMA, LIST_SCHEMA, PATCH_SCHEMA, USER_SCHEMA, startSandbox, type RunningSandbox, type ScimRequest } from '../test-support/test-sandbox';

// The requests Microsoft Entra ID's provisioning service sends, in the order and form of "SCIM
// protocol requests and responses" (MicrosoftDocs/entra-docs, docs/identity/app-provisioning/
// use-scim-to-provision-users-and-groups.md), against one sandbox, with the answers that page expects.

const suffix = Math.random().toString(36).slice(2, 8);
const userName = `Test_User_${suffix}`;
const workEmail = `Test_User_${suffix}@testuser.com`;

let sandbox: RunningSandbox;
let key: string;
let userId = '';
let memberId = '';
let groupId = '';

beforeAll(async () => {
  sandbox = await startSandbox();
  key = await sandbox.createKey('pro');
});
afterAll(() => sandbox.close());

async function entra(path: string, request: ScimRequest = {}): Promise<{ status: number; body: Record<string, unknown> | undefined }> {
  const response = await sandbox.scim(path, { key, ...request });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

const patch = (...Operations: object[]): ScimRequest => ({ method: 'PATCH', body: { schemas: [PATCH_SCHEMA], Operations } });
const filter = (expression: string) => `filter=${encodeURIComponent(expression)}`;

describe("Entra ID's user operations", () => {
  it('Create User: 201 with the id, the externalId and the work e-mail', async () => {
    const { status, body } = await entra('/Users', {
      method: 'POST',
      body: {
        schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
        externalId: `ext-${suffix}`,
        userName,
        active: true,
        emails: [{ primary: true, type: 'work', value: workEmail }],
        meta: { resourceType: 'User' },
        name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
        roles: [],
      },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ externalId: `ext-${suffix}`, userName, active: true, emails: [{ value: workEmail, type: 'work', primary: true }] });
    userId = String(body?.id);
  });

  it('Get User: 200, and 404 with a SCIM error for an unknown id', async () => {
    expect(await entra(`/Users/${userId}`)).toMatchObject({ status: 200, body: { id: userId, userName } });
    expect(await entra('/Users/5171a35d82074e068ce2')).toMatchObject({ status: 404, body: { schemas: [ERROR_SCHEMA], status: '404' } });
  });

  it('Get User by query: userName, and emails[type eq "work"] as the page also allows, in the RFC\'s form and in Entra\'s own', async () => {
    const entraForm = `emails[type eq "work"].value eq "${workEmail}"`;
    for (const query of [`userName eq "${userName}"`, `emails[type eq "work" and value eq "${workEmail}"]`, entraForm, `${entraForm} and active eq true`]) {
      const { status, body } = await entra(`/Users?${filter(query)}`);
      expect(status, query).toBe(200);
      expect(body, query).toMatchObject({ schemas: [LIST_SCHEMA], totalResults: 1, Resources: [{ id: userId }], startIndex: 1 });
    }
  });

  it('Get User by query, zero results: an empty ListResponse', async () => {
    const { status, body } = await entra(`/Users?${filter('userName eq "non-existent user"')}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ schemas: [LIST_SCHEMA], totalResults: 0, startIndex: 1 });
  });

  it('Update User [Multi-valued properties]: the work e-mail and the family name', async () => {
    const { status, body } = await entra(
      `/Users/${userId}`,
      patch({ op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' }, { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: { familyName: 'updatedFamilyName', givenName: 'givenName' }, emails: [{ value: 'updatedEmail@microsoft.com', type: 'work', primary: true }] });
  });

  it('Update User [Single-valued properties]: the userName', async () => {
    const { status, body } = await entra(`/Users/${userId}`, patch({ op: 'Replace', path: 'userName', value: `${suffix}@testuser.com` }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ userName: `${suffix}@testuser.com` });
  });

  it('Disable User: active false', async () => {
    const { status, body } = await entra(`/Users/${userId}`, patch({ op: 'Replace', path: 'active', value: false }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ active: false });
  });
});

describe("Entra ID's group operations", () => {
  beforeAll(async () => {
    const member = await entra('/Users', { method: 'POST', body: { schemas: [USER_SCHEMA], userName: `member_${suffix}` } });
    memberId = String(member.body?.id);
  });

  it('Create Group: with the ADSCIM schema URN and no members, 201', async () => {
    const { status, body } = await entra('/Groups', {
      method: 'POST',
      body: { schemas: [GROUP_SCHEMA, ENTRA_GROUP_SCHEMA], externalId: `gext-${suffix}`, displayName: `displayName_${suffix}`, meta: { resourceType: 'Group' } },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ externalId: `gext-${suffix}`, displayName: `displayName_${suffix}` });
    groupId = String(body?.id);
  });

  it('Get Group and Get Group by displayName, with excludedAttributes=members', async () => {
    const one = await entra(`/Groups/${groupId}?excludedAttributes=members`);
    expect(one).toMatchObject({ status: 200, body: { id: groupId, displayName: `displayName_${suffix}` } });
    const found = await entra(`/Groups?excludedAttributes=members&${filter(`displayName eq "displayName_${suffix}"`)}`);
    expect(found).toMatchObject({ status: 200, body: { schemas: [LIST_SCHEMA], totalResults: 1, Resources: [{ id: groupId }] } });
  });

  it('Update Group [Non-member attributes]: the displayName', async () => {
    const { status } = await entra(`/Groups/${groupId}`, patch({ op: 'Replace', path: 'displayName', value: `updatedDisplayName_${suffix}` }));
    expect(status).toBeLessThan(300);
    expect((await entra(`/Groups/${groupId}`)).body).toMatchObject({ displayName: `updatedDisplayName_${suffix}` });
  });

  it('Update Group [Add Members] and [Remove Members], with "$ref": null', async () => {
    const members = [{ $ref: null, value: memberId }];
    expect((await entra(`/Groups/${groupId}`, patch({ op: 'Add', path: 'members', value: members }))).status).toBeLessThan(300);
    expect((await entra(`/Groups/${groupId}`)).body).toMatchObject({ members: [{ value: memberId }] });
    expect((await entra(`/Users/${memberId}`)).body).toMatchObject({ groups: [{ value: groupId }] });

    expect((await entra(`/Groups/${groupId}`, patch({ op: 'Remove', path: 'members', value: members }))).status).toBeLessThan(300);
    expect((await entra(`/Groups/${groupId}`)).body?.members ?? []).toEqual([]);
  });

  it('Delete Group and Delete User: 204, then 404', async () => {
    for (const path of [`/Groups/${groupId}`, `/Users/${userId}`]) {
      expect((await entra(path, { method: 'DELETE' })).status, path).toBe(204);
      expect((await entra(path)).status, path).toBe(404);
    }
  });
});

describe("Entra ID's schema discovery", () => {
  it('GET /Schemas lists the User, Group and enterprise User schemas', async () => {
    const { status, body } = await entra('/Schemas');
    expect(status).toBe(200);
    const ids = (body?.Resources as { id: string }[]).map(({ id }) => id);
    expect(ids).toEqual(expect.arrayContaining([USER_SCHEMA, GROUP_SCHEMA, ENTERPRISE_SCHEMA]));
  });
});
