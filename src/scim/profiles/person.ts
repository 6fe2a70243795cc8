import type { Faker, SexType } from '@faker-js/faker';

/** One generated person. Every profile takes userName, e-mail address and names from one of these. */
export interface Person {
  sex: SexType;
  givenName: string;
  familyName: string;
  /** `givenName familyName`. */
  displayName: string;
  /** The e-mail local part, e.g. `addison.johns61`; the userName of profiles that do not use an e-mail. */
  handle: string;
  /** The work e-mail address: the handle on a reserved example domain (RFC 2606). */
  email: string;
}

export function makePerson(faker: Faker): Person {
  const sex = faker.person.sexType();
  const givenName = faker.person.firstName(sex);
  const familyName = faker.person.lastName();
  const handle = localPart(faker, givenName, familyName);
  const domain = faker.helpers.arrayElement(faker.definitions.internet.example_email);
  return { sex, givenName, familyName, displayName: `${givenName} ${familyName}`, handle, email: `${handle}@${domain}` };
}

/** An e-mail local part made of the names, e.g. `addison.johns61` or `addison_johns`. */
export function localPart(faker: Faker, givenName: string, familyName: string): string {
  // faker drops accents and apostrophes; anything else outside an address's plain characters goes too.
  return faker.internet
    .username({ firstName: givenName, lastName: familyName })
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '');
}

/** A six-digit employee number, sent as a string: RFC 7643 §4.3 types it so, and strict servers reject a number. */
export function employeeNumber(faker: Faker): string {
  return String(faker.number.int({ min: 100000, max: 999999 }));
}
