// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { generateRecords } from '../generate';
import { ENTERPRISE_USER_SCHEMA } from '../protocol';
import type { EnterpriseUser, ScimAddress, ScimUser } from '../records/schemas';

const batches = Array.from({ length: 50 }, () => generateRecords('Users', { profile: 'full' }) as ScimUser[]);
const users = batches.flat();
const enterprise = (user: ScimUser) => user[ENTERPRISE_USER_SCHEMA] as Required<EnterpriseUser>;

const E164 = /^\+[1-9]\d{7,14}$/;
const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));
// The country's calling code and the time zones' area, by ISO 3166 country.
const COUNTRY = {
  US: { callingCode: '+1', zone: /^(America|Pacific)\// },
  CA: { callingCode: '+1', zone: /^America\// },
  GB: { callingCode: '+44', zone: /^Europe\/London$/ },
} as Partial<Record<string, { callingCode: string; zone: RegExp }>>;

describe('full users', () => {
  it('carry every attribute the profile promises', () => {
    for (const user of users) {
      for (const attribute of ['externalId', 'displayName', 'title', 'userType', 'preferredLanguage', 'locale', 'timezone']) {
        expect(user, attribute).toHaveProperty(attribute, expect.any(String));
      }
      expect(Object.keys(enterprise(user)).sort()).toEqual(
        ['costCenter', 'department', 'division', 'employeeNumber', 'organization'].sort(),
      );
    }
  });

  it('have a name whose formatted text is its parts in order, sometimes with a middle name or prefix', () => {
    for (const { name } of users) {
      const parts = [name.honorificPrefix, name.givenName, name.middleName, name.familyName].filter(Boolean);
      expect(name.formatted).toBe(parts.join(' '));
    }
    expect(users.some((user) => user.name.middleName)).toBe(true);
    expect(users.some((user) => user.name.honorificPrefix)).toBe(true);
  });

  it('have a work and a home e-mail on example domains, exactly one primary', () => {
    for (const { emails } of users) {
      expect(emails.map((email) => email.type)).toEqual(['work', 'home']);
      expect(emails.filter((email) => email.primary === true)).toEqual([emails[0]]);
      for (const { value } of emails) expect(value).toMatch(/^[a-z0-9._-]+@example\.(com|net|org)$/);
    }
  });

  it('have a valid IANA time zone, E.164 phones and canonical BCP 47 locales, all agreeing with the work address', () => {
    for (const user of users) {
      const address: ScimAddress = user.addresses?.[0] ?? { type: 'missing' };
      const country = COUNTRY[address.country ?? ''];
      if (!country) throw new Error(`unexpected country ${address.country}`);
      expect(TIME_ZONES.has(user.timezone as string), user.timezone).toBe(true);
      expect(user.timezone).toMatch(country.zone);
      for (const phone of user.phoneNumbers ?? []) {
        expect(phone.value).toMatch(E164);
        expect(phone.value.startsWith(country.callingCode), phone.value).toBe(true);
      }
      expect(user.phoneNumbers?.map((phone) => phone.type)).toEqual(['work', 'mobile']);
      for (const tag of [user.locale, user.preferredLanguage] as string[]) {
        expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
        expect(new Intl.Locale(tag).region).toBe(address.country);
      }
    }
  });

  it('have one primary work address whose formatted text agrees with its parts', () => {
    for (const { addresses = [] } of users) {
      expect(addresses).toHaveLength(1);
      const address: ScimAddress = addresses[0] ?? { type: 'missing' };
      expect(address).toMatchObject({ type: 'work', primary: true });
      const lines = (address.formatted as string).split('\n');
      expect(lines[0]).toBe(address.streetAddress);
      expect(lines[1]).toContain(address.locality);
      expect(lines[1]).toContain(address.postalCode);
      expect(lines.at(-1)).toBe(address.country);
      if (address.country !== 'GB') expect(lines[1]).toContain(address.region);
    }
  });

  it('work in the department their title names', () => {
    for (const user of users) expect(user.title?.split(' ')).toContain(enterprise(user).department);
  });

  it('share one organization per batch, and one cost centre per department', () => {
    for (const batch of batches) {
      expect(new Set(batch.map((user) => enterprise(user).organization)).size).toBe(1);
      const costCenters = new Map<string, Set<string>>();
      for (const user of batch) {
        const { department, costCenter } = enterprise(user);
        costCenters.set(department, (costCenters.get(department) ?? new Set()).add(costCenter));
      }
      for (const centres of costCenters.values()) expect(centres.size).toBe(1);
    }
  });

  it('have a GUID externalId', () => {
    for (const { externalId } of users) expect(externalId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
