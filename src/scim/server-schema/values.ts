import type { SimpleFaker } from '@faker-js/faker';
import en from '../fake/faker-en';
import { makeJob } from '../fake/job';
import { companyName, firstName, lastName, sexType } from '../fake/names';
import { makePerson } from '../fake/person';
import { fillPattern, pickPlace, streetAddress } from '../fake/places';
import type { ResourceSchema, SchemaAttribute } from './definitions';
import { scimUrl } from '../http/scim-url';

// Fixed bounds, so that a seed gives the same dates on every day it runs.
const EARLIEST = '2015-01-01T00:00:00Z';
const LATEST = '2026-01-01T00:00:00Z';

const word = (faker: SimpleFaker) => faker.helpers.arrayElement(en.commerce.department).toLowerCase();

/** Realistic strings for the attribute names servers commonly give their own attributes; the first match wins. */
const BY_NAME: readonly [RegExp, (faker: SimpleFaker) => string][] = [
  [/mail/i, (faker) => makePerson(faker).email],
  [/phone|mobile|fax/i, (faker) => fillPattern(faker, '+1 555-01##')],
  [/user.?name|login|handle/i, (faker) => makePerson(faker).handle],
  [/given|first/i, (faker) => firstName(faker, sexType(faker))],
  [/family|last|surname/i, lastName],
  [/company|organi[sz]ation|employer/i, companyName],
  [/name/i, (faker) => makePerson(faker).displayName],
  [/cost.?cent(er|re)/i, (faker) => fillPattern(faker, 'CC-####')],
  [/title|job|position/i, (faker) => makeJob(faker).title],
  [/department|division|team|unit|area/i, (faker) => makeJob(faker).area],
  [/city|locality|town/i, (faker) => pickPlace(faker).locality],
  [/region|state|province/i, (faker) => pickPlace(faker).region],
  [/country/i, (faker) => pickPlace(faker).country],
  [/postal|zip/i, (faker) => fillPattern(faker, pickPlace(faker).postalCodePattern)],
  [/street|address/i, streetAddress],
  [/time.?zone/i, (faker) => pickPlace(faker).timezone],
  [/locale|language/i, (faker) => pickPlace(faker).locale],
  [/url|uri|website|link/i, (faker) => `https://example.com/${word(faker)}`],
  [/(number|code|badge|num|id)$/i, (faker) => fillPattern(faker, '######')],
];

/**
 * A string for an attribute of this name: a realistic one when the name says what it holds, else a
 * short word. An address is at `emailDomain` when there is one (the reader's, issue 52).
 */
export function stringFor(name: string, faker: SimpleFaker, emailDomain?: string): string {
  if (emailDomain !== undefined && /mail/i.test(name)) return `${makePerson(faker).handle}@${emailDomain}`;
  const make = BY_NAME.find(([pattern]) => pattern.test(name))?.[1] ?? word;
  return make(faker);
}

/**
 * A URI of one of the attribute's `referenceTypes` (RFC 7643 §7): a resource type's, under the
 * base URL at that type's endpoint; else (`external`, `uri`) an absolute https URL.
 */
function referenceFor({ referenceTypes }: SchemaAttribute, faker: SimpleFaker, schema: ResourceSchema): string {
  const resourceType = referenceTypes.find((type) => type !== 'external' && type !== 'uri');
  if (!resourceType) return `https://example.com/${word(faker)}`;
  const endpoint = schema.endpoints.get(resourceType) ?? `/${resourceType}s`;
  return scimUrl(schema.baseUrl, [...endpoint.split('/').filter(Boolean), faker.string.uuid()]);
}

/** A new single value of a simple (not complex) attribute's type, one of its canonical values when it has some. */
export function simpleValue(attribute: SchemaAttribute, faker: SimpleFaker, schema: ResourceSchema, emailDomain?: string): unknown {
  if (attribute.canonicalValues.length > 0) return faker.helpers.arrayElement(attribute.canonicalValues);
  switch (attribute.type) {
    case 'boolean':
      return faker.datatype.boolean();
    case 'integer':
      return faker.number.int({ min: 1, max: 99_999 });
    case 'decimal':
      // Never a whole number: strict servers (scimmy among them) refuse `12` where a decimal is due.
      return Number(`${faker.number.int(9_999)}.${faker.number.int({ min: 1, max: 99 })}`);
    case 'dateTime':
      return faker.date.between({ from: EARLIEST, to: LATEST }).toISOString();
    case 'binary':
      return btoa(String.fromCharCode(...Array.from({ length: 12 }, () => faker.number.int(255))));
    case 'reference':
      return referenceFor(attribute, faker, schema);
    default:
      return stringFor(attribute.name, faker, emailDomain);
  }
}
