// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ERROR_SCHEMA, USER_SCHEMA, freshSandboxPerTest } from '../test-support/test-sandbox';

// OneLogin's documented templates as OneLogin fills them (developers.onelogin.com/scim/
// define-user-schema): the sandbox refuses their SCIM 1.x URNs and single-object `emails` with a
// SCIM error that names the RFC section and the fix; the same user with the 2.0 URNs and a list is created.

const fresh = freshSandboxPerTest();
const name = { familyName: 'Lovelace', givenName: 'Ada', formatted: 'Ada Lovelace' };

async function post(body: object) {
  const response = await fresh.sandbox.scim('/Users', { method: 'POST', key: fresh.key, body });
  return { status: response.status, body: (await response.json()) as { schemas: string[]; scimType?: string; detail?: string } };
}

describe("OneLogin's SCIM 1.x templates", () => {
  it('"OneLogin Core User Schema": urn:scim:schemas:core:1.0 is refused, naming RFC 7643 §8.7.1, the template and the 2.0 URN', async () => {
    const { status, body } = await post({ schemas: ['urn:scim:schemas:core:1.0'], userName: 'ada.core@example.com', name });
    expect(status).toBe(400);
    expect(body.schemas).toEqual([ERROR_SCHEMA]);
    expect(body.scimType).toBe('invalidValue');
    expect(body.detail).toContain('RFC 7643 §8.7.1');
    expect(body.detail).toContain("OneLogin's default SCIM JSON template");
    expect(body.detail).toContain(USER_SCHEMA);
  });

  it('"OneLogin Enterprise User Schema" with the 2.0 URNs but emails one object: refused, naming RFC 7643 §4.1.2', async () => {
    const emails = { value: 'ada.ent@example.com', type: 'work', primary: true };
    const { status, body } = await post({ schemas: [USER_SCHEMA], userName: 'ada.ent@example.com', name, emails });
    expect([status, body.scimType]).toEqual([400, 'invalidValue']);
    expect(body.detail).toContain('RFC 7643 §4.1.2');
    expect((await post({ schemas: [USER_SCHEMA], userName: 'ada.ent@example.com', name, emails: [emails] })).status).toBe(201);
  });
});
