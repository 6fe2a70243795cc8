// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { generateRecords } from '../generate';
import { ENTERPRISE_USER_SCHEMA } from '../protocol';
import type { ScimGroup, ScimUser } from '../records/schemas';

const users = Array.from({ length: 30 }, () => generateRecords('Users') as ScimUser[]).flat();

describe('basic (the default profile)', () => {
  it("keeps exactly the seed specification's user attributes, in its order", () => {
    for (const user of users) {
      expect(Object.keys(user)).toEqual(['schemas', 'userName', 'name', 'emails', 'active', ENTERPRISE_USER_SCHEMA]);
      expect(Object.keys(user.name)).toEqual(['formatted', 'familyName', 'givenName']);
      expect(user.name.formatted).toBe(`${user.name.givenName} ${user.name.familyName}`);
      expect(user.emails).toEqual([{ value: expect.stringMatching(/^[a-z0-9._-]+@example\.(com|net|org)$/) }]);
      expect(Object.keys(user[ENTERPRISE_USER_SCHEMA] ?? {})).toEqual(['employeeNumber']);
    }
  });

  it('uses the e-mail local part as userName', () => {
    for (const user of users) expect(user.emails[0]?.value.split('@')[0]).toBe(user.userName);
  });

  it('carries employeeNumber as a six-digit string from 100000 to 999999', () => {
    for (const user of users) {
      const employeeNumber = user[ENTERPRISE_USER_SCHEMA]?.employeeNumber;
      expect(employeeNumber).toMatch(/^[1-9]\d{5}$/);
    }
  });

  it('keeps a group to schemas and displayName', () => {
    for (const group of generateRecords('Groups') as ScimGroup[]) expect(Object.keys(group)).toEqual(['schemas', 'displayName']);
  });
});
