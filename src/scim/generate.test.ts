// @vitest-environment node
import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import { RECORDS_PER_BATCH } from '../public/constants';
import { createRecordGenerator, generateRecords } from './generate';
import { ENTERPRISE_USER_SCHEMA, ENTRA_GROUP_SCHEMA, GROUP_SCHEMA, USER_SCHEMA } from './protocol';
import { type ResourceType, type ScimGroup, type ScimRecord, type ScimUser } from './records/schemas';
import { PROFILES, type ProfileName } from './profiles/names';
import { isUser } from './records/records';

// Without the extension declared, scimmy silently drops the enterprise attributes instead of checking them.
SCIMMY.Schemas.User.definition.extend(SCIMMY.Schemas.EnterpriseUser.definition);

/**
 * What a strict SCIM server makes of an inbound record: scimmy throws on a wrong type or a missing
 * required attribute, and drops attributes its schemas do not know. (The `schemas` list is checked
 * apart, exactly; scimmy's own check of it is slow and looser.)
 */
function asServerSees(record: object, schema: typeof SCIMMY.Schemas.User | typeof SCIMMY.Schemas.Group): unknown {
  return schema.definition.coerce(record, 'in');
}

// Validating thousands of records with scimmy takes seconds on a busy machine.
const SLOW_TEST_MS = 60_000;

const BATCHES = 100;

/** The profiles whose users carry no enterprise extension. */
const CORE_ONLY: readonly ProfileName[] = ['okta', 'okta-aiw', 'ping', 'authentik'];

const cases = PROFILES.flatMap((profile) => [
  {
    profile,
    resourceType: 'Users' as ResourceType,
    batches: Array.from({ length: BATCHES }, () => generateRecords('Users', { profile })),
    schema: SCIMMY.Schemas.User,
    urns: CORE_ONLY.includes(profile) ? [USER_SCHEMA] : [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
  },
  {
    profile,
    resourceType: 'Groups' as ResourceType,
    batches: Array.from({ length: BATCHES }, () => generateRecords('Groups', { profile })),
    schema: SCIMMY.Schemas.Group,
    urns: profile === 'entra' ? [GROUP_SCHEMA, ENTRA_GROUP_SCHEMA] : [GROUP_SCHEMA],
  },
]);

/** The values a server keeps unique, by attribute. */
function uniqueValues(record: ScimRecord): Record<string, string[]> {
  const values: Record<string, string[]> = isUser(record)
    ? { userName: [record.userName], emails: record.emails.map((email) => email.value) }
    : { displayName: [record.displayName] };
  if (record.externalId) values.externalId = [record.externalId];
  return values;
}

describe.each(cases)('generateRecords: $profile $resourceType', ({ batches, schema, urns }) => {
  it('makes batches of ten', () => {
    expect(batches.every((batch) => batch.length === RECORDS_PER_BATCH)).toBe(true);
  });

  it(
    'makes records a strict SCIM server accepts as they are, dropping only what RFC 7643 says servers ignore',
    () => {
      for (const record of batches.flat()) {
        // Okta sends `groups: []`; groups is read-only (RFC 7643 §4.1.2), so servers ignore it.
        const { groups: readOnly, ...kept } = record as ScimUser;
        expect(readOnly ?? []).toEqual([]);
        expect(asServerSees(record, schema)).toEqual({ ...kept, meta: { resourceType: schema.definition.name } });
      }
    },
    SLOW_TEST_MS,
  );

  it('lists exactly the schema URNs it uses', () => {
    for (const record of batches.flat()) expect(record.schemas).toEqual(urns);
  });

  it('never repeats, within a batch, a value a server keeps unique, ignoring case', () => {
    for (const batch of batches) {
      const byAttribute = new Map<string, string[]>();
      for (const record of batch) {
        for (const [attribute, values] of Object.entries(uniqueValues(record))) {
          byAttribute.set(attribute, [...(byAttribute.get(attribute) ?? []), ...values.map((v) => v.toLowerCase())]);
        }
      }
      for (const [attribute, values] of byAttribute) {
        expect(new Set(values).size, `${attribute} repeated in ${JSON.stringify(values)}`).toBe(values.length);
      }
    }
  });
});

describe.each(PROFILES)('%s users', (profile) => {
  const users = Array.from({ length: 20 }, () => generateRecords('Users', { profile }) as ScimUser[]).flat();

  it('take userName, e-mail address and names from one person', () => {
    for (const user of users) {
      const work = user.emails[0]?.value ?? '';
      const [localPart = '', domain] = work.split('@');
      expect(domain).toMatch(/^example\.(com|net|org)$/);
      expect([localPart, work]).toContain(user.userName);
      // The local part is made of the given name (and often the family name), as faker's usernames are.
      const plain = (name: string) => name.toLowerCase().replace(/[^a-z0-9._-]/g, '');
      expect(localPart.startsWith(plain(user.name.givenName)), `${localPart} / ${user.name.givenName}`).toBe(true);
      const displayed = user.displayName ?? user.name.formatted;
      expect(displayed).toContain(user.name.givenName);
      expect(displayed).toContain(user.name.familyName);
    }
  });

  it('are inactive by default and follow the active option', () => {
    expect(users.every((user) => user.active === false)).toBe(true);
    const activeUsers = generateRecords('Users', { profile, active: true }) as ScimUser[];
    expect(activeUsers.every((user) => user.active === true)).toBe(true);
  });

  it('groups ignore the active option', () => {
    for (const group of generateRecords('Groups', { profile, active: true })) expect(group).not.toHaveProperty('active');
  });
});

describe('seed', () => {
  const presses = (seed: number | undefined) => {
    const generate = createRecordGenerator(seed);
    return [
      generate('Users', { profile: 'full' }),
      generate('Groups', { profile: 'entra' }),
      generate('Users', { profile: 'okta', active: true }),
      generate('Users'),
    ].map((batch) => JSON.stringify(batch));
  };

  it('makes the same bodies, byte for byte, for the same seed and presses', () => {
    expect(presses(42)).toEqual(presses(42));
    expect(presses(0)).toEqual(presses(0));
  });

  it('continues the sequence on later presses, so they do not repeat the first', () => {
    const generate = createRecordGenerator(7);
    const first = generate('Groups') as ScimGroup[];
    const second = generate('Groups') as ScimGroup[];
    expect(second.map((group) => group.displayName)).not.toEqual(first.map((group) => group.displayName));
  });

  it('makes other batches for another seed, and random batches without one', () => {
    expect(presses(1)).not.toEqual(presses(2));
    expect(presses(undefined)).not.toEqual(presses(undefined));
  });
});

describe('validation', () => {
  it('throws "Invalid resource type" for anything but Users or Groups', () => {
    expect(() => generateRecords('Things' as ResourceType)).toThrow(new Error('Invalid resource type'));
    expect(() => generateRecords('users' as ResourceType)).toThrow('Invalid resource type');
  });

  it('uses a validator strict enough to reject a numeric employeeNumber', () => {
    const [user] = generateRecords('Users') as ScimUser[];
    const numeric = { ...user, [ENTERPRISE_USER_SCHEMA]: { employeeNumber: 123456 } };
    expect(() => asServerSees(numeric, SCIMMY.Schemas.User)).toThrow(/employeeNumber.*string/);
  });

  it('uses a validator strict enough to reject a user without userName or a group with a numeric displayName', () => {
    const [user] = generateRecords('Users') as ScimUser[];
    const [group] = generateRecords('Groups') as ScimGroup[];
    expect(() => asServerSees({ ...user, userName: undefined }, SCIMMY.Schemas.User)).toThrow(/userName/);
    expect(() => asServerSees({ ...group, displayName: 42 }, SCIMMY.Schemas.Group)).toThrow(/displayName/);
  });
});
