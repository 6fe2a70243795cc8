import { SimpleFaker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { ENTERPRISE_USER_SCHEMA, USER_SCHEMA } from '../protocol';
import { ACME_USER, CORE_GROUP, CORE_USER, RESOURCE_TYPES } from '../../test-support/server-schemas';
import { createRecordGenerator } from '../generate';
import type { ResourceType, ScimUser } from '../records/schemas';
import { PROFILES, type ProfileName } from '../profiles/names';
import { readResourceType, readSchemaDefinition, type ResourceSchema } from './definitions';
import { resourceSchemaOf } from './read-schema';
import { stringFor } from './values';

const BASE_URL = 'https://scim.example.com/scim/v2';

function schemaFor(resourceType: ResourceType): ResourceSchema {
  const server = {
    resourceTypes: RESOURCE_TYPES.map(readResourceType).filter((type) => type !== undefined),
    schemas: [CORE_USER, CORE_GROUP, ACME_USER].map(readSchemaDefinition).filter((schema) => schema !== undefined),
  };
  const reading = resourceSchemaOf(server, resourceType, BASE_URL);
  if (!reading.ok) throw new Error(reading.reason);
  return reading.value;
}

type Fitted = Record<string, unknown> & { [ACME: string]: unknown };
const acmeOf = (record: Fitted) => record[ACME_USER.id] as Record<string, unknown>;

function users(profile: ProfileName, seed = 7) {
  const generate = createRecordGenerator(seed);
  return generate('Users', { profile, schema: schemaFor('Users') }) as unknown as Fitted[];
}

describe('a record fitted to the server schema', () => {
  it("keeps the profile's values the server declares, and nothing it does not", () => {
    const [profileRecord] = createRecordGenerator(7)('Users', { profile: 'okta' }) as ScimUser[];
    const [fitted] = users('okta');
    expect(fitted?.userName).toBe(profileRecord?.userName);
    expect(fitted?.name).toEqual({ givenName: profileRecord?.name.givenName, familyName: profileRecord?.name.familyName });
    expect(fitted?.emails).toEqual(profileRecord?.emails);
    expect(fitted?.externalId).toBe(profileRecord?.externalId);
    // Okta sends password and an empty groups list: one undeclared, the other readOnly.
    expect(Object.keys(fitted ?? {}).sort()).toEqual(['active', 'displayName', 'emails', 'externalId', 'name', 'schemas', 'userName', ACME_USER.id].sort());
  });

  it('leaves out an extension /Schemas does not describe, though the resource type lists it', () => {
    for (const record of users('full')) expect(record).not.toHaveProperty([ENTERPRISE_USER_SCHEMA]);
  });

  it('fills every attribute of the required extension but the readOnly one, and lists it in schemas', () => {
    for (const record of users('basic')) {
      expect(record.schemas).toEqual([USER_SCHEMA, ACME_USER.id]);
      const acme = acmeOf(record);
      expect(Object.keys(acme).sort()).toEqual(['badgeNumber', 'certifications', 'costCenter', 'remoteWorker', 'startDate', 'workstation']);
      expect(['CC-1000', 'CC-2000', 'CC-3000']).toContain(acme.costCenter);
      expect(Number.isInteger(acme.badgeNumber)).toBe(true);
      expect(typeof acme.remoteWorker).toBe('boolean');
      expect(acme.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(acme.workstation).toEqual({ building: expect.any(String), floor: expect.any(Number) });
      expect(acme.certifications).toEqual([expect.any(String)]);
    }
  });

  it('gives each record of the batch its own value of a uniqueness: server attribute', () => {
    const badges = users('basic').map((record) => acmeOf(record).badgeNumber);
    expect(new Set(badges).size).toBe(10);
  });

  it('makes the same records from the same seed, and others from another', () => {
    expect(users('entra', 42)).toEqual(users('entra', 42));
    expect(users('entra', 42)).not.toEqual(users('entra', 43));
  });

  it('keeps of a group only what the Group schema declares, with externalId, common to every resource', () => {
    const groups = createRecordGenerator(1)('Groups', { profile: 'entra', schema: schemaFor('Groups') }) as unknown as Fitted[];
    for (const group of groups) {
      expect(Object.keys(group).sort()).toEqual(['displayName', 'externalId', 'schemas']);
      expect(group.schemas).toEqual([CORE_GROUP.id]);
    }
  });

  it('keeps userName and every e-mail at the e-mail domain, in every profile, the local parts unique', () => {
    for (const profile of PROFILES) {
      const fitted = createRecordGenerator(9)('Users', { profile, schema: schemaFor('Users'), emailDomain: 'acme.test' }) as ScimUser[];
      const addresses = fitted.flatMap((user) => [user.userName, ...user.emails.map((email) => email.value)]);
      expect(addresses.every((address) => address.endsWith('@acme.test'))).toBe(true);
      expect(new Set(fitted.map((user) => user.userName)).size).toBe(10);
    }
  });

  it("puts an address it makes for a server's own attribute at the e-mail domain", () => {
    const faker = new SimpleFaker();
    expect(stringFor('recoveryEmail', faker, 'acme.test')).toMatch(/^[a-z0-9._-]+@acme\.test$/);
    expect(stringFor('recoveryEmail', faker)).toMatch(/@example\.(com|net|org)$/);
  });
});
