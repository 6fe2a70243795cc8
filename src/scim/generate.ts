import { Faker, type LocaleDefinition } from '@faker-js/faker';
import enSubset from 'virtual:faker-en-subset';
import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, USER_SCHEMA } from '../constants';
import {
  isResourceType,
  type ResourceType,
  type ScimGroup,
  type ScimRecord,
  type ScimUser,
} from './schemas';

export const RECORDS_PER_BATCH = 10;

export interface GenerateOptions {
  /** Sets `active` on every generated user; ignored for groups. */
  active?: boolean;
}

const englishFaker = new Faker({ locale: enSubset as LocaleDefinition });

export function generateUser(faker: Faker, active: boolean): ScimUser {
  const givenName = faker.person.firstName();
  const familyName = faker.person.lastName();
  return {
    schemas: [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
    userName: faker.internet.username({ firstName: givenName, lastName: familyName }).toLowerCase(),
    name: { formatted: `${givenName} ${familyName}`, familyName, givenName },
    emails: [{ value: faker.internet.exampleEmail({ firstName: givenName, lastName: familyName }).toLowerCase() }],
    active,
    [ENTERPRISE_USER_SCHEMA]: {
      // RFC 7643 §4.3 types employeeNumber as a string; strict servers reject a JSON number.
      employeeNumber: String(faker.number.int({ min: 100000, max: 999999 })),
    },
  };
}

export function generateGroup(faker: Faker): ScimGroup {
  const displayName = `${faker.commerce.department()}_${faker.person.jobType()}`;
  return {
    schemas: [GROUP_SCHEMA],
    displayName: displayName.replace(/\s+/g, '_').toLowerCase(),
  };
}

/**
 * Makes `count` records no two of which share the key a SCIM server keeps unique
 * (userName for users, displayName for groups): servers answer 409 to a repeat.
 */
function uniqueRecords<T>(count: number, make: () => T, keyOf: (record: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (let attempts = 0; byKey.size < count; attempts++) {
    if (attempts > count * 100) throw new Error('Could not generate enough distinct records');
    const record = make();
    const key = keyOf(record).toLowerCase();
    if (!byKey.has(key)) byKey.set(key, record);
  }
  return [...byKey.values()];
}

/** Generates a batch of SCIM records; throws `Invalid resource type` for anything but Users or Groups. */
export function generateRecords(resourceType: ResourceType, options: GenerateOptions = {}): ScimRecord[] {
  if (!isResourceType(resourceType)) throw new Error('Invalid resource type');
  const { active = false } = options;
  return resourceType === 'Users'
    ? uniqueRecords(RECORDS_PER_BATCH, () => generateUser(englishFaker, active), (user) => user.userName)
    : uniqueRecords(RECORDS_PER_BATCH, () => generateGroup(englishFaker), (group) => group.displayName);
}
