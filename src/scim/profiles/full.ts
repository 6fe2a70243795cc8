import type { SimpleFaker } from '@faker-js/faker';
import en from '../fake/faker-en';
import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, USER_SCHEMA } from '../protocol';
import type { ScimUser } from '../records/schemas';
import { groupName, makeJob } from '../fake/job';
import { companyName, firstName, prefix } from '../fake/names';
import { employeeNumber, localPart, makePerson } from '../fake/person';
import { fillPattern, pickPlace, workAddress } from '../fake/places';
import type { Profile } from './profile';
import { rfc7643Members, rfc7644Sequences } from './rfc7644';
import { RFC7644_DIALECT } from '../actions/table';

const USER_TYPES = [
  { weight: 8, value: 'Employee' },
  { weight: 1, value: 'Contractor' },
  { weight: 1, value: 'Intern' },
];

/**
 * Every commonly supported RFC 7643 core attribute and the enterprise extension, all agreeing:
 * the names with each other, the title with the department, time zone, locale and phones with the
 * work address. The users of one batch work for one organization, one cost centre per department.
 */
export const full: Profile = {
  users(faker, active) {
    const organization = companyName(faker);
    const costCenters = new Map<string, string>();
    const costCenterOf = (department: string) => {
      if (!costCenters.has(department)) costCenters.set(department, `CC-${faker.string.numeric(4)}`);
      return costCenters.get(department) as string;
    };
    return () => fullUser(faker, active, organization, costCenterOf);
  },
  group: (faker) => ({ schemas: [GROUP_SCHEMA], externalId: faker.string.uuid(), displayName: groupName(faker) }),
  members: rfc7643Members,
  dialect: RFC7644_DIALECT,
  sequences: rfc7644Sequences,
};

function fullUser(faker: SimpleFaker, active: boolean, organization: string, costCenterOf: (d: string) => string): ScimUser {
  const person = makePerson(faker);
  const place = pickPlace(faker);
  const job = makeJob(faker);
  const honorificPrefix = faker.datatype.boolean(0.2) ? prefix(faker, person.sex) : undefined;
  const middleName = faker.datatype.boolean(0.3) ? firstName(faker, person.sex) : undefined;
  const { givenName, familyName } = person;
  const homeDomain = faker.helpers.arrayElement(
    en.internet.example_email.filter((domain) => !person.email.endsWith(`@${domain}`)),
  );
  return {
    schemas: [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
    externalId: faker.string.uuid(),
    userName: person.handle,
    name: {
      formatted: [honorificPrefix, givenName, middleName, familyName].filter(Boolean).join(' '),
      familyName,
      givenName,
      ...(middleName ? { middleName } : {}),
      ...(honorificPrefix ? { honorificPrefix } : {}),
    },
    displayName: person.displayName,
    title: job.title,
    userType: faker.helpers.weightedArrayElement(USER_TYPES),
    preferredLanguage: place.locale,
    locale: place.locale,
    timezone: place.timezone,
    active,
    emails: [
      { value: person.email, type: 'work', primary: true },
      { value: `${localPart(faker, givenName, familyName)}@${homeDomain}`, type: 'home' },
    ],
    phoneNumbers: [
      { value: fillPattern(faker, place.officePhonePattern), type: 'work' },
      { value: fillPattern(faker, place.mobilePhonePattern), type: 'mobile' },
    ],
    addresses: [{ ...workAddress(faker, place), primary: true }],
    [ENTERPRISE_USER_SCHEMA]: {
      employeeNumber: employeeNumber(faker),
      costCenter: costCenterOf(job.area),
      organization,
      division: place.division,
      department: job.area,
    },
  };
}
