import type { SimpleFaker } from '@faker-js/faker';
import en from './faker-en';

// What faker.person.*, faker.company.name() and faker.internet.username() did, drawn from faker's
// English locale data with SimpleFaker (faker's Faker class would bundle some thirty modules we
// never call). Each function follows its faker counterpart in @faker-js/faker v10.

export type Sex = 'female' | 'male';

interface BySex<T> {
  generic?: readonly T[];
  female?: readonly T[];
  male?: readonly T[];
}

export function sexType(faker: SimpleFaker): Sex {
  return faker.helpers.arrayElement(['female', 'male'] as const);
}

/** The list to draw from for `sex`: its own or the generic one, weighted by their sizes as faker does. */
function forSex<T>(faker: SimpleFaker, sex: Sex, { generic, female, male }: BySex<T>): readonly T[] {
  const own = sex === 'female' ? female : male;
  if (!own) return generic ?? [];
  if (!generic) return own;
  return faker.helpers.weightedArrayElement([
    { weight: 3 * Math.sqrt(own.length), value: own },
    { weight: Math.sqrt(generic.length), value: generic },
  ]);
}

export function firstName(faker: SimpleFaker, sex: Sex): string {
  return faker.helpers.arrayElement(forSex(faker, sex, en.person.first_name));
}

/** A last name from the weighted `last_name_pattern`, so about one in twenty is double-barrelled. */
export function lastName(faker: SimpleFaker): string {
  return fill(faker, faker.helpers.weightedArrayElement(en.person.last_name_pattern.generic));
}

/** A prefix such as `Ms.` or `Dr.`. */
export function prefix(faker: SimpleFaker, sex: Sex): string {
  return faker.helpers.arrayElement(forSex(faker, sex, en.person.prefix));
}

/** A company name from the locale's `name_pattern`, e.g. `Borer-Kris - Veum` or `Yundt LLC`. */
export function companyName(faker: SimpleFaker): string {
  return fill(faker, faker.helpers.arrayElement(en.company.name_pattern));
}

/**
 * A username made of the names as faker.internet.username makes it when given both: `given.family`
 * or `given_family`, half the time with a number up to 99; accents, apostrophes and spaces dropped.
 * (faker also transliterates non-Latin letters, which the English names never contain.)
 */
export function username(faker: SimpleFaker, givenName: string, familyName: string): string {
  const separator = faker.helpers.arrayElement(['.', '_']);
  const number = faker.number.int(99);
  const name = `${givenName}${separator}${familyName}`;
  return faker.helpers
    .arrayElement([`${name}${number}`, name])
    .normalize('NFKD')
    .replace(/[\u0300-\u036f' ]/g, '');
}

/** The placeholders the locale's patterns use, each with what it stands for. */
const PLACEHOLDERS: Record<string, (faker: SimpleFaker) => string> = {
  'person.last_name.generic': (faker) => faker.helpers.arrayElement(en.person.last_name.generic),
  'person.lastName': lastName,
  'company.legal_entity_type': (faker) => faker.helpers.arrayElement(en.company.legal_entity_type),
};

/** Fills a locale pattern's `{{placeholder}}`s, each with a value of its own, as faker.helpers.fake does. */
function fill(faker: SimpleFaker, pattern: string): string {
  return pattern.replace(/\{\{(.+?)\}\}/g, (_, placeholder: string) => {
    const value = PLACEHOLDERS[placeholder];
    // A faker upgrade may bring new placeholders: fail the tests rather than ship `{{…}}` in names.
    if (!value) throw new Error(`No value for {{${placeholder}}} in a faker locale pattern`);
    return value(faker);
  });
}
