import { SimpleFaker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { createRecordGenerator } from '../generate';
import type { ScimUser } from '../records/schemas';
import type { ProfileName } from '../profiles/names';
import { userChanges } from './user-changes';

const userOf = (profile: ProfileName) => createRecordGenerator(3)('Users', { profile })[0] as ScimUser;
const seeded = (seed: number) => {
  const faker = new SimpleFaker();
  faker.seed(seed);
  return faker;
};

describe('what Update changes', () => {
  it.each([
    ['basic', ['name.familyName', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber']],
    ['full', ['title', 'emails[type eq "work"].value', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department']],
    ['entra', ['title', 'emails[type eq "work"].value', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department']],
    ['okta', ['emails[type eq "work"].value', 'name.familyName']],
  ] as const)('%s: at least two attributes its records carry, one multi-valued or in an extension', (profile, paths) => {
    const user = userOf(profile);
    const changes = userChanges(seeded(1), user);
    expect(changes.map(({ path }) => path)).toEqual(paths);
    for (const { read, value } of changes) expect(read(user as unknown as Record<string, unknown>)).not.toBe(value);
  });

  it('is the same under the same seed, and new values under another', () => {
    const user = userOf('full');
    const values = (seed: number) => userChanges(seeded(seed), user).map(({ value }) => value);
    expect(values(7)).toEqual(values(7));
    expect(values(7)).not.toEqual(values(8));
  });

  it('writes each new value where its read finds it', () => {
    const user = structuredClone(userOf('entra')) as unknown as Record<string, unknown>;
    for (const change of userChanges(seeded(2), user as unknown as ScimUser)) {
      change.write(user, change.value);
      expect(change.read(user)).toBe(change.value);
    }
  });
});
