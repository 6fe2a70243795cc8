// @vitest-environment node
import { en } from '@faker-js/faker';
import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import { generateRecords, RECORDS_PER_BATCH } from './generate';
import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, USER_SCHEMA, type ResourceType, type ScimGroup, type ScimUser } from './schemas';

// Without the extension declared, scimmy silently drops the enterprise attributes instead of checking them.
SCIMMY.Schemas.User.definition.extend(SCIMMY.Schemas.EnterpriseUser.definition);

/**
 * What a strict SCIM server makes of an inbound record: scimmy checks the `schemas` list, throws on
 * a wrong type or a missing required attribute, and drops attributes its schemas do not know.
 */
function asServerSees(record: object, schema: typeof SCIMMY.Schemas.User | typeof SCIMMY.Schemas.Group): unknown {
  return JSON.parse(JSON.stringify(new schema(record, 'in')));
}

const BATCHES = 300;

function batchesOf<T>(resourceType: ResourceType, options: { active?: boolean } = {}): T[][] {
  return Array.from({ length: BATCHES }, () => generateRecords(resourceType, options) as T[]);
}

function expectDistinct(values: string[]): void {
  const lowered = values.map((value) => value.toLowerCase());
  expect(new Set(lowered).size, `repeated in ${JSON.stringify(values)}`).toBe(values.length);
}

describe('generateRecords("Users")', () => {
  const batches = batchesOf<ScimUser>('Users');
  const users = batches.flat();

  it('makes batches of ten', () => {
    expect(batches.every((batch) => batch.length === RECORDS_PER_BATCH)).toBe(true);
  });

  it('makes users that scimmy accepts as core User + EnterpriseUser, with nothing dropped', () => {
    for (const user of users) {
      expect(asServerSees(user, SCIMMY.Schemas.User), JSON.stringify(user)).toEqual({ ...user, meta: { resourceType: 'User' } });
    }
  });

  it('lists exactly the core and enterprise schema URNs', () => {
    for (const user of users) expect(user.schemas).toEqual([USER_SCHEMA, ENTERPRISE_USER_SCHEMA]);
  });

  it('uses a reserved example domain for every e-mail', () => {
    for (const user of users) {
      expect(user.emails).toHaveLength(1);
      expect(user.emails[0].value).toMatch(/^[^@\s]+@example\.(com|net|org)$/);
    }
  });

  it('sends employeeNumber as a six-digit string from 100000 to 999999', () => {
    for (const user of users) {
      const { employeeNumber } = user[ENTERPRISE_USER_SCHEMA];
      expect(employeeNumber).toMatch(/^[1-9]\d{5}$/);
      expect(Number(employeeNumber)).toBeGreaterThanOrEqual(100000);
      expect(Number(employeeNumber)).toBeLessThanOrEqual(999999);
    }
  });

  it('fills the name parts consistently', () => {
    for (const { name } of users) {
      expect(name.givenName).not.toBe('');
      expect(name.familyName).not.toBe('');
      expect(name.formatted).toBe(`${name.givenName} ${name.familyName}`);
    }
  });

  it('never repeats a userName within a batch, ignoring case', () => {
    for (const batch of batches) expectDistinct(batch.map((user) => user.userName));
  });

  it('sets active from the option, false by default', () => {
    expect(users.every((user) => user.active === false)).toBe(true);
    expect(generateRecords('Users', { active: true }).every((user) => (user as ScimUser).active === true)).toBe(true);
    expect(generateRecords('Users', { active: false }).every((user) => (user as ScimUser).active === false)).toBe(true);
  });
});

describe('generateRecords("Groups")', () => {
  const batches = batchesOf<ScimGroup>('Groups');
  const groups = batches.flat();

  it('makes batches of ten', () => {
    expect(batches.every((batch) => batch.length === RECORDS_PER_BATCH)).toBe(true);
  });

  it('makes groups that scimmy accepts as core Group, with nothing dropped', () => {
    for (const group of groups) {
      expect(asServerSees(group, SCIMMY.Schemas.Group), JSON.stringify(group)).toEqual({ ...group, meta: { resourceType: 'Group' } });
    }
  });

  it('lists exactly the core Group URN', () => {
    for (const group of groups) expect(group.schemas).toEqual([GROUP_SCHEMA]);
  });

  it('names each group department_jobtype in lower case with underscores for spaces', () => {
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

  it('never repeats a displayName within a batch', () => {
    for (const batch of batches) expectDistinct(batch.map((group) => group.displayName));
  });

  it('ignores the active option', () => {
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

  it('uses a validator that rejects a Group sent with the User URN', () => {
    const [group] = generateRecords('Groups') as ScimGroup[];
    expect(() => asServerSees({ ...group, schemas: [USER_SCHEMA] }, SCIMMY.Schemas.Group)).toThrow(/incompatible/);
  });
});
