// @vitest-environment node
import { SimpleFaker } from '@faker-js/faker';
import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import { userChanges } from '../actions/user-changes';
import { createRecordGenerator } from '../generate';
import { PROFILES, type ScimGroup, type ScimUser } from './schemas';
import { emailDomainProblem, parseEmailDomain } from './email-domain';

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
    ['ada@acme.test', '"ada@acme.test" is not a domain name: write only what follows the @, e.g. acme.test'],
    ['@acme.test', '"@acme.test" is not a domain name: write only what follows the @, e.g. acme.test'],
    ['localhost', '"localhost" is not a domain name: a domain name has at least one dot, e.g. acme.test'],
    ['acme..test', '"acme..test" is not a domain name: it has an empty label (two dots together, or a dot first or last)'],
    ['acme.test.', '"acme.test." is not a domain name: it has an empty label (two dots together, or a dot first or last)'],
    ['.acme.test', '".acme.test" is not a domain name: it has an empty label (two dots together, or a dot first or last)'],
    ['-acme.test', '"-acme.test" is not a domain name: its label "-acme" is not 1 to 63 letters a-z, digits or inner hyphens'],
    ['acme-.test', '"acme-.test" is not a domain name: its label "acme-" is not 1 to 63 letters a-z, digits or inner hyphens'],
    ['ac me.test', '"ac me.test" is not a domain name: its label "ac me" is not 1 to 63 letters a-z, digits or inner hyphens'],
    ['acme_corp.test', '"acme_corp.test" is not a domain name: its label "acme_corp" is not 1 to 63 letters a-z, digits or inner hyphens'],
    ['bücher.example', '"bücher.example" is not a domain name: its label "bücher" is not 1 to 63 letters a-z, digits or inner hyphens'],
    [`${'a'.repeat(64)}.test`, `"${'a'.repeat(64)}.test" is not a domain name: its label "${'a'.repeat(64)}" is not 1 to 63 letters a-z, digits or inner hyphens`],
    ['10.0.0.1', '"10.0.0.1" is not a domain name: its last label is all digits, as an IP address is'],
    ['https://acme.test', '"https://acme.test" is not a domain name: its label "https://acme" is not 1 to 63 letters a-z, digits or inner hyphens'],
  ])('refuses %j: %s', (text, problem) => {
    expect(parseEmailDomain(text)).toEqual({ problem });
  });

  it('refuses a name longer than 253 characters, whose labels are each fine', () => {
    const long = Array.from({ length: 4 }, () => 'a'.repeat(63)).join('.');
    expect(long.length).toBe(255);
    expect(emailDomainProblem(long)).toBe('a domain name has at most 253 characters');
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
