// @vitest-environment node
import { SimpleFaker } from '@faker-js/faker';
import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import { userChanges } from '../actions/user-changes';
import { createRecordGenerator } from '../generate';
import type { ScimGroup, ScimUser } from './schemas';
import { PROFILES } from '../profiles/names';
import { parseEmailDomain } from './email-domain';

SCIMMY.Schemas.User.definition.extend(SCIMMY.Schemas.EnterpriseUser.definition);

const DOMAIN = 'acme.test';
const localOf = (address: string) => address.slice(0, address.lastIndexOf('@'));
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);
const addressesOf = (user: ScimUser) => [user.userName, ...user.emails.map((email) => email.value)];

describe('parseEmailDomain', () => {
  it.each([
    ['acme.test', 'acme.test'],
    ['  Mail.ACME.Test ', 'mail.acme.test'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['1password.com', '1password.com'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
    [`${'a'.repeat(63)}.test`, `${'a'.repeat(63)}.test`],
  ])('takes %j as %j', (text, domain) => {
    expect(parseEmailDomain(text)).toEqual({ domain });
  });

  it.each([
    'ada@acme.test',
    '@acme.test',
    'localhost',
    'acme..test',
    'acme.test.',
    '.acme.test',
    '-acme.test',
    'acme-.test',
    'ac me.test',
    'acme_corp.test',
    'bücher.example',
    `${'a'.repeat(64)}.test`,
    Array.from({ length: 4 }, () => 'a'.repeat(63)).join('.'), // 255 characters, each label fine
    '10.0.0.1',
    'acme.123',
    'https://acme.test',
    '',
  ])('refuses %j, saying what a domain name is', (text) => {
    expect(parseEmailDomain(`  ${text} `)).toEqual({
      problem: `"${text}" is not a domain name such as acme.test: two or more labels of letters a-z, digits and inner hyphens (63 at most each), joined by dots, the last not all digits`,
    });
  });

  it('takes 253 characters, and not 254', () => {
    const name = (length: number) => `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 3 * 64)}`;
    expect(parseEmailDomain(name(253))).toEqual({ domain: name(253) });
    expect(parseEmailDomain(name(254))).toHaveProperty('problem');
  });
});

describe.each(PROFILES)('the %s profile with an e-mail domain', (profile) => {
  const batches = Array.from({ length: 20 }, (_, seed) => createRecordGenerator(seed)('Users', { profile, emailDomain: DOMAIN }) as ScimUser[]);

  it('puts every userName and e-mail of every user at the domain', () => {
    for (const user of batches.flat()) {
      expect(addressesOf(user).map(domainOf)).toEqual(addressesOf(user).map(() => DOMAIN));
      expect(user.userName).toMatch(/^[a-z0-9._-]+@acme\.test$/);
    }
  });

  it('gives the users of a batch local parts of their own, and no user two e-mails alike', () => {
    for (const batch of batches) {
      const userNames = batch.map((user) => localOf(user.userName).toLowerCase());
      expect(new Set(userNames).size).toBe(batch.length);
      const emails = batch.flatMap((user) => user.emails.map((email) => email.value.toLowerCase()));
      expect(new Set(emails).size).toBe(emails.length);
    }
  });

  it('makes users a strict server takes (scimmy)', () => {
    for (const user of batches[0] as ScimUser[]) expect(() => SCIMMY.Schemas.User.definition.coerce(user, 'in')).not.toThrow();
  });

  it('makes the same users for the same seed and domain', () => {
    const again = createRecordGenerator(0)('Users', { profile, emailDomain: DOMAIN });
    expect(JSON.stringify(again)).toBe(JSON.stringify(batches[0]));
  });

  it('leaves groups alone', () => {
    const [plain, withDomain] = [undefined, DOMAIN].map((emailDomain) => createRecordGenerator(3)('Groups', { profile, ...(emailDomain ? { emailDomain } : {}) }) as ScimGroup[]);
    expect(withDomain).toEqual(plain);
  });
});

describe('the e-mail domain under a seed', () => {
  it.each(['basic', 'entra', 'okta'] as const)('changes nothing of %s users but the domains', (profile) => {
    const plain = createRecordGenerator(11)('Users', { profile }) as ScimUser[];
    const moved = createRecordGenerator(11)('Users', { profile, emailDomain: DOMAIN }) as ScimUser[];
    expect(moved.map((user) => addressesOf(user).map(localOf))).toEqual(plain.map((user) => addressesOf(user).map((address) => (address.includes('@') ? localOf(address) : address))));
    const rest = (user: ScimUser) => ({ ...user, userName: undefined, emails: user.emails.map((email) => ({ ...email, value: undefined })) });
    expect(moved.map(rest)).toEqual(plain.map(rest));
  });
});

describe('Update on a user at the domain', () => {
  it('moves the work e-mail to another local part at the same domain', () => {
    const [user] = createRecordGenerator(5)('Users', { profile: 'entra', emailDomain: DOMAIN }) as ScimUser[];
    const faker = new SimpleFaker();
    faker.seed(6);
    const email = userChanges(faker, user as ScimUser).find((change) => change.attribute === 'work e-mail');
    expect(email?.value).toMatch(/@acme\.test$/);
    expect(email?.value).not.toBe((user as ScimUser).emails[0]?.value);
  });
});
