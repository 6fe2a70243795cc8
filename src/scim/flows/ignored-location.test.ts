import { describe, expect, it } from 'vitest';
import { ignoredLocation } from './ignored-location';

const ENDPOINT = 'https://scim.example.com/scim/v2/Users';

describe('ignoredLocation', () => {
  it.each([
    ['the resource under base-url', `${ENDPOINT}/u-1`],
    ['a relative location of the resource', '/scim/v2/Users/u-1'],
    ['none', undefined],
  ])('says nothing of %s', (_case, location) => {
    expect(ignoredLocation(ENDPOINT, { ok: true, id: 'u-1', ...(location === undefined ? {} : { location }) })).toBeUndefined();
  });

  it('names a location on another host, as a server that builds it from the Origin gives it', () => {
    const location = 'https://docs.elsewhere.example/scim/v2/Users/u-1';
    expect(ignoredLocation(ENDPOINT, { ok: true, id: 'u-1', location })).toBe(`The server gave location ${location}, not this resource under base-url: the element ignores it`);
  });
});
