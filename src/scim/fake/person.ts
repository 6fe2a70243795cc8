import type { SimpleFaker } from '@faker-js/faker';
import en from './faker-en';
import { firstName, lastName, sexType, username, type Sex } from './names';

/** One generated person. Every profile takes userName, e-mail address and names from one of these. */
export interface Person {
  sex: Sex;
  givenName: string;
  familyName: string;
  /** `givenName familyName`. */
  displayName: string;
  /** The e-mail local part, e.g. `addison.johns61`; the userName of profiles that do not use an e-mail. */
  handle: string;
  /** The work e-mail address: the handle on a reserved example domain (RFC 2606). */
  email: string;
}

export function makePerson(faker: SimpleFaker): Person {
  const sex = sexType(faker);
  const givenName = firstName(faker, sex);
  const familyName = lastName(faker);
  const handle = localPart(faker, givenName, familyName);
  const domain = faker.helpers.arrayElement(en.internet.example_email);
  return { sex, givenName, familyName, displayName: `${givenName} ${familyName}`, handle, email: `${handle}@${domain}` };
}

/** An e-mail local part made of the names, e.g. `addison.johns61` or `addison_johns`. */
export function localPart(faker: SimpleFaker, givenName: string, familyName: string): string {
  // username drops accents and apostrophes; anything else outside an address's plain characters goes too.
  return username(faker, givenName, familyName)
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '');
}

/** A six-digit employee number, sent as a string: RFC 7643 §4.3 types it so, and strict servers reject a number. */
export function employeeNumber(faker: SimpleFaker): string {
  return String(faker.number.int({ min: 100000, max: 999999 }));
}
