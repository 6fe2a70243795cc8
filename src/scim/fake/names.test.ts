// @vitest-environment node
import { en, SimpleFaker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { companyName, firstName, lastName, prefix, username, type Sex } from './names';

const faker = new SimpleFaker({ seed: 1 });
const many = <T>(make: () => T) => Array.from({ length: 2000 }, make);
const lastNames = new Set(en.person?.last_name?.generic);
const isLastName = (name: string) => name.split('-').every((part) => lastNames.has(part));

describe('names from the English locale data', () => {
  it.each(['female', 'male'] as Sex[])('gives a %s first name from that sex or the generic list, mostly the former', (sex) => {
    const own = new Set(en.person?.first_name?.[sex]);
    const generic = new Set(en.person?.first_name?.generic);
    const names = many(() => firstName(faker, sex));
    for (const name of names) expect(own.has(name) || generic.has(name), name).toBe(true);
    const fromOwn = names.filter((name) => own.has(name)).length / names.length;
    expect(fromOwn).toBeGreaterThan(0.8);
  });

  it('gives last names from the list, about one in twenty double-barrelled', () => {
    const names = many(() => lastName(faker));
    for (const name of names) expect(isLastName(name), name).toBe(true);
    const doubled = names.filter((name) => name.includes('-')).length / names.length;
    expect(doubled).toBeGreaterThan(0.02);
    expect(doubled).toBeLessThan(0.1);
  });

  it('gives prefixes by sex', () => {
    expect(new Set(many(() => prefix(faker, 'female')))).toEqual(new Set(['Miss', 'Mrs.', 'Ms.', 'Dr.']));
    expect(new Set(many(() => prefix(faker, 'male')))).toEqual(new Set(['Mr.', 'Dr.']));
  });

  it('fills every company name pattern with last names and legal entity types', () => {
    const names = many(() => companyName(faker));
    const LEGAL_ENTITY = / (Group|Inc|LLC|and Sons)$/;
    for (const name of names) {
      const lastNamesIn = name.replace(LEGAL_ENTITY, '').split(/ - |, | and /);
      expect(lastNamesIn.every(isLastName), name).toBe(true);
    }
    // Each of the three patterns turns up: `A - B`, `A LLC`, `A, B and C`.
    expect(names.some((name) => name.includes(' - '))).toBe(true);
    expect(names.some((name) => LEGAL_ENTITY.test(name))).toBe(true);
    expect(names.some((name) => name.includes(', '))).toBe(true);
  });

  it('makes usernames as faker does: given.family or given_family, sometimes with a number up to 99', () => {
    const names = many(() => username(faker, 'Zoë', "O'Hara Smith"));
    for (const name of names) expect(name).toMatch(/^Zoe[._]OHaraSmith(\d{1,2})?$/);
    expect(names.some((name) => /\d$/.test(name))).toBe(true);
    expect(names.some((name) => !/\d$/.test(name))).toBe(true);
  });

  it('is deterministic for a seed', () => {
    const run = () => {
      const seeded = new SimpleFaker({ seed: 2026 });
      return [firstName(seeded, 'female'), lastName(seeded), companyName(seeded), username(seeded, 'A', 'B')];
    };
    expect(run()).toEqual(run());
  });
});
