// @vitest-environment node
import { en } from '@faker-js/faker';
import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import { generateRecords, RECORDS_PER_BATCH } from './generate';
import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, USER_SCHEMA } from '../constants';
import type { ResourceType, ScimGroup, ScimUser } from './schemas';

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

const BATCHES = 300;

function batchesOf<T>(resourceType: ResourceType, options: { active?: boolean } = {}): T[][] {
  return Array.from({ length: BATCHES }, () => generateRecords(resourceType, options) as T[]);
}

const userBatches = batchesOf<ScimUser>('Users');
const groupBatches = batchesOf<ScimGroup>('Groups');
const users = userBatches.flat();
const groups = groupBatches.flat();

describe.each([
  {
    resourceType: 'Users',
    batches: userBatches,
    schema: SCIMMY.Schemas.User,
    urns: [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
    uniqueKey: (record: ScimUser | ScimGroup) => (record as ScimUser).userName,
  },
  {
    resourceType: 'Groups',
    batches: groupBatches,
    schema: SCIMMY.Schemas.Group,
    urns: [GROUP_SCHEMA],
    uniqueKey: (record: ScimUser | ScimGroup) => (record as ScimGroup).displayName,
  },
])('generateRecords: $resourceType', ({ batches, schema, urns, uniqueKey }) => {
  it('makes batches of ten', () => {
    expect(batches).toHaveLength(BATCHES);
    expect(batches.every((batch) => batch.length === RECORDS_PER_BATCH)).toBe(true);
  });

  it(
    'makes records a strict SCIM server accepts as they are, with nothing dropped',
    () => {
      const records = batches.flat();
      const expected = records.map((record) => ({ ...record, meta: { resourceType: schema.definition.name } }));
      expect(records.map((record) => asServerSees(record, schema))).toEqual(expected);
    },
    SLOW_TEST_MS,
  );

  it('lists exactly the schema URNs it uses', () => {
    for (const record of batches.flat()) expect(record.schemas).toEqual(urns);
  });

  it('never repeats the unique key within a batch, ignoring case', () => {
    for (const batch of batches) {
      const keys = batch.map((record) => uniqueKey(record).toLowerCase());
      expect(new Set(keys).size, `repeated in ${JSON.stringify(keys)}`).toBe(batch.length);
    }
  });
});

describe('generated users', () => {
  it('use a reserved example domain for every e-mail', () => {
    for (const user of users) {
      expect(user.emails).toHaveLength(1);
      expect(user.emails[0].value).toMatch(/^[^@\s]+@example\.(com|net|org)$/);
    }
  });

  it('carry employeeNumber as a six-digit string from 100000 to 999999', () => {
    for (const user of users) {
      const { employeeNumber } = user[ENTERPRISE_USER_SCHEMA];
      expect(employeeNumber).toMatch(/^[1-9]\d{5}$/);
      expect(Number(employeeNumber)).toBeGreaterThanOrEqual(100000);
      expect(Number(employeeNumber)).toBeLessThanOrEqual(999999);
    }
  });

  it('have their name parts filled consistently', () => {
    for (const { name } of users) {
      expect(name.givenName).not.toBe('');
      expect(name.familyName).not.toBe('');
      expect(name.formatted).toBe(`${name.givenName} ${name.familyName}`);
    }
  });

  it('are inactive by default and follow the active option', () => {
    expect(users.every((user) => user.active === false)).toBe(true);
    expect(generateRecords('Users', { active: true }).every((user) => (user as ScimUser).active === true)).toBe(true);
    expect(generateRecords('Users', { active: false }).every((user) => (user as ScimUser).active === false)).toBe(true);
  });
});

describe('generated groups', () => {
  it('are named department_jobtype in lower case with underscores for spaces', () => {
    const lowerSnake = (text: string) => text.toLowerCase().split(' ').join('_');
    const departments = (en.commerce?.department ?? []).map(lowerSnake);
    const jobTypes = (en.person?.job_type ?? []).map(lowerSnake);
    for (const { displayName } of groups) {
      expect(displayName).toMatch(/^[a-z0-9_]+$/);
      const department = departments.find((name) => displayName.startsWith(`${name}_`));
      expect(department, displayName).toBeDefined();
      expect(jobTypes, displayName).toContain(displayName.slice(`${department}_`.length));
    }
  });

  it('ignore the active option', () => {
    for (const group of generateRecords('Groups', { active: true })) expect(group).not.toHaveProperty('active');
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
