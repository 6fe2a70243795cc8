// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_SCHEMA, PATCH_SCHEMA, freshSandboxPerTest, newUser } from '../test-support/test-sandbox';

// Issue 10: attribute paths from clients reached scimmy, which wrote them onto Object.prototype.
const fresh = freshSandboxPerTest();

const PROBES = ['__proto__.id', '__proto__.meta', '__proto__.type', '__proto__.attributes', '__proto__.value', 'constructor.prototype.value', 'x.__proto__.y'];

afterEach(() => {
  // Whatever a probe did, the next test starts from a clean prototype.
  for (const name of Object.keys(Object.prototype)) Reflect.deleteProperty(Object.prototype, name);
});

function prototypeIsClean(): void {
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

async function expectError(response: Response, scimType: string): Promise<void> {
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ schemas: [ERROR_SCHEMA], status: '400', scimType });
}

async function createStillWorks(userName: string): Promise<void> {
  const response = await fresh.sandbox.scim('/Users', { method: 'POST', key: fresh.key, body: newUser(userName) });
  expect(response.status).toBe(201);
  const list = await fresh.sandbox.scim('/Users?count=5', { key: fresh.key });
  expect(list.status).toBe(200);
}

describe('prototype pollution probes', () => {
  it.each(PROBES)('answers 400 invalidFilter to filter=%s pr and stays clean', async (path) => {
    await expectError(await fresh.sandbox.scim(`/Users?filter=${encodeURIComponent(`${path} pr`)}`, { key: fresh.key }), 'invalidFilter');
    prototypeIsClean();
    await createStillWorks('after.filter');
  });

  it.each(['attributes', 'excludedAttributes', 'sortBy'])('answers 400 invalidFilter to %s=__proto__.id', async (parameter) => {
    await expectError(await fresh.sandbox.scim(`/Users?${parameter}=__proto__.id`, { key: fresh.key }), 'invalidFilter');
    await expectError(await fresh.sandbox.scim(`/Groups?${parameter}=userName,nosuch`, { key: fresh.key }), 'invalidFilter');
    prototypeIsClean();
    await createStillWorks(`after.${parameter}`);
  });

  it('guards POST /.search bodies', async () => {
    const body = { schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'], filter: '__proto__.id pr' };
    for (const path of ['/.search', '/Users/.search', '/Groups/.search']) {
      await expectError(await fresh.sandbox.scim(path, { method: 'POST', key: fresh.key, body }), 'invalidFilter');
    }
    await expectError(
      await fresh.sandbox.scim('/Users/.search', { method: 'POST', key: fresh.key, body: { ...body, filter: undefined, attributes: ['__proto__.id'] } }),
      'invalidFilter',
    );
    prototypeIsClean();
    await createStillWorks('after.search');
  });

  it('guards PATCH paths, filtered paths and path-less values', async () => {
    const user = (await (await fresh.sandbox.scim('/Users', { method: 'POST', key: fresh.key, body: newUser('target') })).json()) as { id: string };
    // Raw JSON, so that "__proto__" arrives as an own key as JSON.parse makes it.
    const operations = [
      '{"op":"add","path":"emails[__proto__.x pr].value","value":"x"}',
      '{"op":"add","path":"__proto__.polluted","value":"x"}',
      '{"op":"replace","path":"name.__proto__","value":{"polluted":"x"}}',
      '{"op":"add","value":{"__proto__":{"polluted":"x"}}}',
      '{"op":"add","path":"urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:__proto__.polluted","value":"x"}',
      '{"op":"add","path":"noSuchAttribute","value":"x"}',
      '{"op":"add","path":"emails[type eq \\"work\\"].nosuch","value":"x"}',
    ];
    for (const operation of operations) {
      const body = `{"schemas":["${PATCH_SCHEMA}"],"Operations":[${operation}]}`;
      const response = await fresh.sandbox.scim(`/Users/${user.id}`, { method: 'PATCH', key: fresh.key, body });
      expect(response.status, operation).toBe(400);
      expect(((await response.json()) as { scimType?: string }).scimType, operation).toBe('invalidPath');
    }
    prototypeIsClean();
    await createStillWorks('after.patch');
  });
});

describe('filters that are not SCIM filters', () => {
  it.each([
    'userName eq "x" or 1 eq 1',
    '1 eq 1',
    '__proto__ eq "x"',
    'userName eq',
    'userName xx "a"',
    'noSuchAttribute eq "a"',
    'name.noSuchPart eq "a"',
    'userName.value eq "a"',
    'urn:example:unknown:attr eq "a"',
    'emails[value eq "a"',
    '(userName eq "a"',
    `${'('.repeat(5000)}userName pr${')'.repeat(5000)}`,
    'userName eq "a" and',
  ])('answers 400 invalidFilter with a SCIM error body and logs nothing: %s', async (filter) => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const response = await fresh.sandbox.scim(`/Users?filter=${encodeURIComponent(filter)}`, { key: fresh.key });

      expect(response.status).toBe(400);
      const body = (await response.json()) as { detail: string };
      expect(body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '400', scimType: 'invalidFilter' });
      expect(body.detail).not.toMatch(/TypeError|Cannot read|at .*\.js/);
    } finally {
      console.error = original;
    }
    expect(errors).toEqual([]);
  });

  it.each([
    'userName eq "a" or (emails[type eq "work"] and name.familyName eq "x")',
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department eq "r"',
    'department eq "r"',
    'not (active eq true) and meta.created gt "2020-01-01T00:00:00Z"',
    'userName eq "constructor"',
  ])('lets a valid filter through: %s', async (filter) => {
    const response = await fresh.sandbox.scim(`/Users?filter=${encodeURIComponent(filter)}`, { key: fresh.key });

    expect(response.status).toBe(200);
  });
});
