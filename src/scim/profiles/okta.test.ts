// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { generateRecords } from '../generate';
import { USER_SCHEMA } from '../protocol';
import type { ScimGroup, ScimUser } from '../records/schemas';

const users = Array.from({ length: 30 }, () => generateRecords('Users', { profile: 'okta' }) as ScimUser[]).flat();

// The documented requests: okta/okta-developer-docs docs/reference/scim/scim-20/index.md.
describe('okta', () => {
  it('creates users with exactly the attributes of the documented "Create the User" request, in its order', () => {
    for (const user of users) {
      expect(Object.keys(user)).toEqual([
        'schemas',
        'userName',
        'name',
        'emails',
        'displayName',
        'locale',
        'externalId',
        'groups',
        'password',
        'active',
      ]);
      expect(user.schemas).toEqual([USER_SCHEMA]);
      expect(Object.keys(user.name)).toEqual(['givenName', 'familyName']);
      expect(user.emails).toEqual([{ primary: true, value: user.userName, type: 'work' }]);
      expect(user.displayName).toBe(`${user.name.givenName} ${user.name.familyName}`);
      expect(user.locale).toBe('en-US');
      expect(user.groups).toEqual([]);
    }
  });

  it('uses the e-mail address as userName, an Okta user id as externalId and a placeholder password', () => {
    for (const user of users) {
      expect(user.userName).toMatch(/^[a-z0-9._-]+@example\.(com|net|org)$/);
      expect(user.externalId).toMatch(/^00u[A-Za-z0-9]{17}$/);
      expect(user.password).toMatch(/^[a-z0-9]{8}$/);
    }
  });

  it('creates groups as documented: displayName and an empty members list', () => {
    for (const group of generateRecords('Groups', { profile: 'okta' }) as ScimGroup[]) {
      expect(Object.keys(group)).toEqual(['schemas', 'displayName', 'members']);
      expect(group.members).toEqual([]);
    }
  });
});
