import type { SimpleFaker } from '@faker-js/faker';
import type { ScimAddress } from '../records/schemas';
import { lastName } from './names';

/**
 * Real cities with everything that must agree with them: region, postal code pattern, IANA time
 * zone, and the country's locale. Phone numbers come only from ranges reserved for fiction, so a
 * generated number never rings anyone: NANP 555-0100 to 555-0199, and Ofcom's drama numbers
 * (https://www.ofcom.org.uk/phones-and-broadband/phone-numbers/numbers-for-drama).
 * In patterns `#` is a digit and `?` a letter that is valid in Canadian and British postcodes.
 */
type City = readonly [locality: string, region: string, postalCode: string, timezone: string, officePhone: string];

interface Country {
  country: string;
  locale: string;
  division: string;
  /** Where mobile numbers differ from the city's office pattern. */
  mobile?: string;
  cities: readonly City[];
}

const COUNTRIES: readonly Country[] = [
  {
    country: 'US',
    locale: 'en-US',
    division: 'North America',
    cities: [
      ['New York', 'NY', '100##', 'America/New_York', '+121255501##'],
      ['Boston', 'MA', '021##', 'America/New_York', '+161755501##'],
      ['Atlanta', 'GA', '303##', 'America/New_York', '+140455501##'],
      ['Chicago', 'IL', '606##', 'America/Chicago', '+131255501##'],
      ['Austin', 'TX', '787##', 'America/Chicago', '+151255501##'],
      ['Denver', 'CO', '802##', 'America/Denver', '+130355501##'],
      ['Phoenix', 'AZ', '850##', 'America/Phoenix', '+160255501##'],
      ['Seattle', 'WA', '981##', 'America/Los_Angeles', '+120655501##'],
      ['San Francisco', 'CA', '941##', 'America/Los_Angeles', '+141555501##'],
      ['Anchorage', 'AK', '995##', 'America/Anchorage', '+190755501##'],
      ['Honolulu', 'HI', '968##', 'Pacific/Honolulu', '+180855501##'],
    ],
  },
  {
    country: 'CA',
    locale: 'en-CA',
    division: 'North America',
    cities: [
      ['Toronto', 'ON', 'M5V #?#', 'America/Toronto', '+141655501##'],
      ['Vancouver', 'BC', 'V6B #?#', 'America/Vancouver', '+160455501##'],
      ['Calgary', 'AB', 'T2P #?#', 'America/Edmonton', '+140355501##'],
      ['Halifax', 'NS', 'B3H #?#', 'America/Halifax', '+190255501##'],
    ],
  },
  {
    country: 'CA',
    locale: 'fr-CA',
    division: 'North America',
    cities: [['Montréal', 'QC', 'H2X #?#', 'America/Toronto', '+151455501##']],
  },
  {
    country: 'GB',
    locale: 'en-GB',
    division: 'Europe',
    mobile: '+447700900###',
    cities: [
      ['London', 'England', 'EC1A #??', 'Europe/London', '+442079460###'],
      ['Manchester', 'England', 'M1 #??', 'Europe/London', '+441614960###'],
      ['Birmingham', 'England', 'B1 #??', 'Europe/London', '+441214960###'],
      ['Edinburgh', 'Scotland', 'EH1 #??', 'Europe/London', '+441314960###'],
      ['Cardiff', 'Wales', 'CF10 #??', 'Europe/London', '+442920180###'],
      ['Belfast', 'Northern Ireland', 'BT1 #??', 'Europe/London', '+442890180###'],
    ],
  },
];

const POSTCODE_LETTERS = 'ABEGHJLNPRSTWXYZ';
const STREET_TYPES = ['Street', 'Avenue', 'Road', 'Lane', 'Drive', 'Way', 'Place', 'Court'];

export interface Place {
  locality: string;
  region: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  postalCodePattern: string;
  /** IANA time zone of the locality. */
  timezone: string;
  /** Canonical BCP 47 tag of the country's language. */
  locale: string;
  division: string;
  officePhonePattern: string;
  mobilePhonePattern: string;
}

export function pickPlace(faker: SimpleFaker): Place {
  const { cities, country, locale, division, mobile } = faker.helpers.arrayElement(COUNTRIES);
  const [locality, region, postalCodePattern, timezone, officePhonePattern] = faker.helpers.arrayElement(cities);
  const mobilePhonePattern = mobile ?? officePhonePattern;
  return { locality, region, country, postalCodePattern, timezone, locale, division, officePhonePattern, mobilePhonePattern };
}

/** Fills a pattern: `#` becomes a digit, `?` a postcode letter. */
export function fillPattern(faker: SimpleFaker, pattern: string): string {
  return pattern.replace(/[#?]/g, (symbol) =>
    symbol === '#' ? String(faker.number.int(9)) : faker.string.fromCharacters(POSTCODE_LETTERS),
  );
}

export function streetAddress(faker: SimpleFaker): string {
  return `${faker.number.int({ min: 1, max: 2999 })} ${lastName(faker)} ${faker.helpers.arrayElement(STREET_TYPES)}`;
}

/** A work address in the place, with `formatted` written from its parts in the country's order. */
export function workAddress(faker: SimpleFaker, place: Place): Required<Omit<ScimAddress, 'primary'>> {
  const street = streetAddress(faker);
  const postalCode = fillPattern(faker, place.postalCodePattern);
  const cityLine =
    place.country === 'GB' ? `${place.locality} ${postalCode}` : `${place.locality}, ${place.region} ${postalCode}`;
  return {
    type: 'work',
    formatted: `${street}\n${cityLine}\n${place.country}`,
    streetAddress: street,
    locality: place.locality,
    region: place.region,
    postalCode,
    country: place.country,
  };
}
