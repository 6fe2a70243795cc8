// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENTERPRISE_SCHEMA, ERROR_SCHEMA, GROUP_SCHEMA, USER_SCHEMA, startSandbox, type RunningSandbox } from '../test-support/test-sandbox';

let sandbox: RunningSandbox;
let key: string;
beforeEach(async () => {
  sandbox = await startSandbox();
  key = await sandbox.createKey();
});
afterEach(() => sandbox.close());

async function read<T>(path: string): Promise<T> {
  const response = await sandbox.scim(path, { key });
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/scim\+json/);
  return (await response.json()) as T;
}

describe('discovery endpoints', () => {
  it('describes the service provider: PATCH, filter and sort yes, Bulk no, one bearer scheme', async () => {
    // Another sandbox in the same process must not add a second authentication scheme.
    await (await startSandbox()).close();

    const config = await read<Record<string, { supported?: boolean }> & { authenticationSchemes: { type: string }[] }>(
      '/ServiceProviderConfig',
    );

    expect(config).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      sort: { supported: true },
      bulk: { supported: false },
      etag: { supported: false },
    });
    expect(config.authenticationSchemes.map((scheme) => scheme.type)).toEqual(['oauthbearertoken']);
  });

  it('lists the User and Group resource types, User with the enterprise extension', async () => {
    const { Resources } = await read<{ Resources: { name: string; endpoint: string; schema: string; schemaExtensions?: { schema: string }[] }[] }>(
      '/ResourceTypes',
    );

    expect(Resources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'User', endpoint: '/Users', schema: USER_SCHEMA, schemaExtensions: [expect.objectContaining({ schema: ENTERPRISE_SCHEMA })] }),
        expect.objectContaining({ name: 'Group', endpoint: '/Groups', schema: GROUP_SCHEMA }),
      ]),
    );
  });

  it('lists the schemas and serves each by id', async () => {
    const { Resources } = await read<{ Resources: { id: string }[] }>('/Schemas');
    expect(Resources.map((schema) => schema.id)).toEqual(expect.arrayContaining([USER_SCHEMA, ENTERPRISE_SCHEMA, GROUP_SCHEMA]));

    const enterprise = await read<{ id: string; attributes: { name: string; type: string }[] }>(`/Schemas/${ENTERPRISE_SCHEMA}`);
    expect(enterprise.id).toBe(ENTERPRISE_SCHEMA);
    expect(enterprise.attributes).toContainEqual(expect.objectContaining({ name: 'employeeNumber', type: 'string' }));
  });

  it('answers 501 to /Me, since API keys are not Users', async () => {
    const response = await sandbox.scim('/Me', { key });

    expect(response.status).toBe(501);
    expect(await response.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '501' });
  });

  it('answers 501 to /Bulk, which the sandbox does not offer', async () => {
    const response = await sandbox.scim('/Bulk', {
      method: 'POST',
      key,
      body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:BulkRequest'], Operations: [] },
    });

    expect(response.status).toBe(501);
  });
});

describe('discovery endpoints take GET alone', () => {
  it('answer 405 with Allow: GET and a SCIM error to POST, PUT, PATCH and DELETE', async () => {
    const paths = ['/ServiceProviderConfig', '/ResourceTypes', '/ResourceTypes/User', '/Schemas', `/Schemas/${USER_SCHEMA}`];
    for (const path of paths) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const response = await sandbox.scim(path, { method, key, body: { schemas: [USER_SCHEMA] } });
        expect([path, method, response.status, response.headers.get('Allow')]).toEqual([path, method, 405, 'GET']);
        expect(await response.json()).toEqual({ schemas: [ERROR_SCHEMA], status: '405', detail: `${path.split('/')[1]} answers GET only` });
      }
    }
  });
});
