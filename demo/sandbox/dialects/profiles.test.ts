// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRecordGenerator } from '../../../src/scim/generate';
import { type ResourceType } from '../../../src/scim/records/schemas';
import { PROFILES } from '../../../src/scim/profiles/names';
import { isUser } from '../../../src/scim/records/records';
import { freshSandboxPerTest } from '../test-support/test-sandbox';

const fresh = freshSandboxPerTest();

// Each profile's records, as the element sends them, against the sandbox provider: a provider that
// serves Entra ID and Okta customers must take their dialects as they are.
describe.each(PROFILES)('the sandbox and the %s profile', (profile) => {
  it.each<ResourceType>(['Users', 'Groups'])('creates two batches of %s in a row, and stores what was sent', async (type) => {
    const generate = createRecordGenerator(2026);
    for (const record of [...generate(type, { profile, active: true }), ...generate(type, { profile })]) {
      const response = await fresh.sandbox.scim(`/${type}`, { method: 'POST', key: fresh.key, body: record });
      const body = (await response.json()) as Record<string, unknown>;
      expect(response.status, JSON.stringify(body)).toBe(201);
      const stored = (await (await fresh.sandbox.scim(`/${type}/${String(body.id)}`, { key: fresh.key })).json()) as Record<string, unknown>;
      if (isUser(record)) {
        expect(stored).toMatchObject({ userName: record.userName, name: record.name, emails: record.emails });
      } else {
        expect(stored).toMatchObject({ displayName: record.displayName });
      }
      if (record.externalId) expect(stored.externalId).toBe(record.externalId);
    }
  });
});
