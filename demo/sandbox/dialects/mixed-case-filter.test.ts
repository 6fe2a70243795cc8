// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LIST_SCHEMA, freshSandboxPerTest, newUser } from '../test-support/test-sandbox';

// Ping's SCIM connector takes a "Filter Expression" override whose documented examples use mixed-case
// operators and attribute names (docs.pingidentity.com, pf_scim_connector_scim_connector_settings_reference,
// "Filter Expression"; `username Eq "…"`). RFC 7644 §3.4.2.2: "Attribute names and attribute operators
// used in filters are case insensitive", so the sandbox answers them as it answers `userName eq`.

const fresh = freshSandboxPerTest();

describe('filters with mixed-case operators and attribute names (RFC 7644 §3.4.2.2)', () => {
  it.each(['userName eq "%s"', 'username Eq "%s"', 'USERNAME EQ "%s"', 'userName Sw "%s"', 'username Eq "%s" AND active Eq true', 'userName Pr and username eQ "%s"'])(
    'finds the one user with %s',
    async (template) => {
      const userName = `mixed.${Math.random().toString(36).slice(2, 8)}@example.com`;
      await fresh.sandbox.scim('/Users', { method: 'POST', key: fresh.key, body: newUser(userName, { active: true }) });
      await fresh.sandbox.scim('/Users', { method: 'POST', key: fresh.key, body: newUser(`other.${userName}`, { active: true }) });
      const filter = template.replaceAll('%s', userName);
      const response = await fresh.sandbox.scim(`/Users?filter=${encodeURIComponent(filter)}`, { key: fresh.key });
      const body = (await response.json()) as { schemas: string[]; totalResults: number; Resources?: { userName: string }[] };
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(body.schemas).toEqual([LIST_SCHEMA]);
      expect(body.Resources?.map((user) => user.userName)).toEqual([userName]);
    },
  );
});
