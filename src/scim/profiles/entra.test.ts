// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { generateRecords } from '../generate';
import { ENTERPRISE_USER_SCHEMA } from '../protocol';
import type { ScimGroup, ScimUser } from '../records/schemas';

const users = Array.from({ length: 30 }, () => generateRecords('Users', { profile: 'entra' }) as ScimUser[]).flat();
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The documented requests: MicrosoftDocs/entra-docs use-scim-to-provision-users-and-groups.md.
describe('entra (Microsoft Entra ID)', () => {
  it('creates users with the attributes of the documented Create User request and attribute table, in its order', () => {
    for (const user of users) {
      expect(Object.keys(user)).toEqual([
        'schemas',
        'externalId',
        'userName',
        'active',
        'displayName',
        'emails',
        'meta',
        'name',
        'title',
        'phoneNumbers',
        'addresses',
        'roles',
        ENTERPRISE_USER_SCHEMA,
      ]);
      expect(user.externalId).toMatch(GUID);
      expect(user.emails).toEqual([{ primary: true, type: 'work', value: user.userName }]);
      expect(user.meta).toEqual({ resourceType: 'User' });
      expect(user.roles).toEqual([]);
      expect(user.name.formatted).toBe(`${user.name.givenName} ${user.name.familyName}`);
      expect(user.displayName).toBe(user.name.formatted);
      expect(user.phoneNumbers?.map((phone) => phone.type)).toEqual(['work', 'mobile']);
      expect(Object.keys(user.addresses?.[0] ?? {})).toEqual(['type', 'streetAddress', 'postalCode']);
      expect(Object.keys(user[ENTERPRISE_USER_SCHEMA] ?? {})).toEqual(['employeeNumber', 'department']);
    }
  });

  it('uses an e-mail-shaped userPrincipalName as userName', () => {
    for (const user of users) expect(user.userName).toMatch(/^[a-z0-9._-]+@example\.(com|net|org)$/);
  });

  it('creates groups as documented: GUID externalId, meta, no members attribute', () => {
    for (const group of generateRecords('Groups', { profile: 'entra' }) as ScimGroup[]) {
      expect(Object.keys(group)).toEqual(['schemas', 'externalId', 'displayName', 'meta']);
      expect(group.externalId).toMatch(GUID);
      expect(group.meta).toEqual({ resourceType: 'Group' });
    }
  });
});
