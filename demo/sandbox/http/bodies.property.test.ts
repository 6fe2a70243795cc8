// @vitest-environment node
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { jsonValue } from '../test-support/json-arbitrary';
import { GROUP_SCHEMA, PATCH_SCHEMA, USER_SCHEMA, freshSandboxPerTest, newUser } from '../test-support/test-sandbox';

// Issue 10: no request body a client can send gets a 500, whatever its attributes hold.
const fresh = freshSandboxPerTest();

const NAME = fc.constantFrom(
  'userName', 'name', 'givenName', 'emails', 'active', 'members', 'displayName', 'groups', 'meta', 'id', 'externalId',
  'phoneNumbers', 'addresses', 'schemas', 'value', 'type', 'primary', 'x', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
);
const VALUE = jsonValue(NAME);
const ATTRIBUTES = fc.dictionary(NAME, VALUE, { maxKeys: 4 });

it('answers every create, replace and PATCH body with less than 500', async () => {
  const { sandbox, key } = fresh;
  const user = (await (await sandbox.scim('/Users', { method: 'POST', key, body: newUser('target') })).json()) as { id: string };
  const group = (await (await sandbox.scim('/Groups', { method: 'POST', key, body: { schemas: [GROUP_SCHEMA], displayName: 'target' } })).json()) as { id: string };
  let run = 0;
  await fc.assert(
    fc.asyncProperty(ATTRIBUTES, VALUE, fc.constantFrom('add', 'replace', 'remove', 'Replace'), async (attributes, value, op) => {
      run++;
      const requests: [string, string, unknown][] = [
        ['POST', '/Users', { schemas: [USER_SCHEMA], userName: `user.${run}`, ...attributes }],
        ['PUT', `/Users/${user.id}`, { schemas: [USER_SCHEMA], userName: 'target', ...attributes }],
        ['POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: `group.${run}`, ...attributes }],
        ['PATCH', `/Users/${user.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op, value: attributes }] }],
        ['PATCH', `/Groups/${group.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op, path: 'members', value }] }],
      ];
      for (const [method, path, body] of requests) {
        const response = await sandbox.scim(path, { method, key, body });
        expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }),
    { numRuns: 40 },
  );
}, 60_000);
