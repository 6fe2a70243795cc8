// @vitest-environment node
import fc from 'fast-check';
import { afterEach, expect, it } from 'vitest';
import { PATCH_SCHEMA, freshSandboxPerTest, newUser } from '../test-support/test-sandbox';

// Issue 10: no request a client can send may change Object.prototype or break a later valid request.
const fresh = freshSandboxPerTest();

afterEach(() => {
  for (const name of Object.keys(Object.prototype)) Reflect.deleteProperty(Object.prototype, name);
});

const FRAGMENT = fc.constantFrom(
  '__proto__', 'constructor', 'prototype', '.', '[', ']', '(', ')', ' ', '"', ',', 'x', '1',
  'userName', 'emails', 'value', 'type', 'meta', 'id', 'attributes', 'name', 'givenName',
  ' eq ', ' pr', ' and ', ' or ', 'not ', '"a"', ' TRUE', '$ref', 'manager', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:',
);
const CLIENT_TEXT = fc.oneof(fc.array(FRAGMENT, { maxLength: 12 }).map((parts) => parts.join('')), fc.string({ maxLength: 30 }));

it('keeps Object.prototype clean and later requests working, whatever the query or PATCH path', async () => {
  const { sandbox, key } = fresh;
  const target = (await (await sandbox.scim('/Users', { method: 'POST', key, body: newUser('target') })).json()) as { id: string };
  let created = 0;
  await fc.assert(
    fc.asyncProperty(CLIENT_TEXT, fc.constantFrom('filter', 'attributes', 'excludedAttributes', 'sortBy'), fc.constantFrom('add', 'replace', 'remove'), async (text, parameter, op) => {
      const statuses = [
        (await sandbox.scim(`/Users?${parameter}=${encodeURIComponent(text)}`, { key })).status,
        (await sandbox.scim('/.search', { method: 'POST', key, body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'], [parameter]: text } })).status,
        (await sandbox.scim(`/Users/${target.id}`, { method: 'PATCH', key, body: { schemas: [PATCH_SCHEMA], Operations: [{ op, path: text, value: 'v' }] } })).status,
        (await sandbox.scim(`/Users/${target.id}`, { method: 'PATCH', key, body: { schemas: [PATCH_SCHEMA], Operations: [{ op, value: { [text]: 'v' } }] } })).status,
      ];
      expect(statuses.every((status) => status < 500), `${parameter}=${text}, ${op}: ${statuses.join(',')}`).toBe(true);
      expect(Object.keys(Object.prototype)).toEqual([]);
      const create = await sandbox.scim('/Users', { method: 'POST', key, body: newUser(`after.${created++}`) });
      expect(create.status).toBe(201);
    }),
    { numRuns: 60 },
  );
}, 60_000);
