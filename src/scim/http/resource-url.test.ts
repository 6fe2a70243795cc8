import { describe, expect, it } from 'vitest';
import { REDACTED } from '../secrets/redact';
import { resourceUrl } from './resource-url';

const BASE = 'https://scim.example.com/scim/v2';
const ENDPOINT = `${BASE}/Users`;

describe('resourceUrl', () => {
  it('builds {endpoint}/{id} without a location', () => {
    expect(resourceUrl(ENDPOINT, 'u-42')).toEqual({ url: `${ENDPOINT}/u-42` });
  });

  it('encodes the id, so it names one resource below the endpoint', () => {
    expect(resourceUrl(ENDPOINT, 'a?x=1#y 50%')).toEqual({ url: `${ENDPOINT}/a%3Fx%3D1%23y%2050%25` });
  });

  it.each(['', '.', '..', '../Groups/VICTIM-G', '../../admin', 'a/b', 'a\\b', '\\..\\', `u-${REDACTED}`])('refuses the id %j, whatever the location', (id) => {
    const refused = { refused: `its id ${JSON.stringify(id)} cannot name one resource below ${ENDPOINT}` };
    expect(resourceUrl(ENDPOINT, id)).toEqual(refused);
    expect(resourceUrl(ENDPOINT, id, 'https://attacker.example/u')).toEqual(refused);
    expect(resourceUrl(ENDPOINT, id, `${BASE}/Users/u-9`)).toEqual(refused);
  });

  it.each(['lone \uD800 surrogate', '\uDC00'])('refuses the id %j, which no URL can carry, without throwing', (id) => {
    const refused = { refused: `its id ${JSON.stringify(id)} holds a lone surrogate, which no URL can carry` };
    expect(resourceUrl(ENDPOINT, id)).toEqual(refused);
    expect(resourceUrl(ENDPOINT, id, `${BASE}/Users/u-9`)).toEqual(refused);
  });

  it('keeps the query of a base URL that has one', () => {
    const endpoint = 'http://localhost:8080/scim/Users?tenant=a';
    expect(resourceUrl(endpoint, 'u-1')).toEqual({ url: 'http://localhost:8080/scim/Users/u-1?tenant=a' });
    expect(resourceUrl(endpoint, 'u-1', '/scim/Users/u-1?tenant=a')).toEqual({ url: 'http://localhost:8080/scim/Users/u-1?tenant=a' });
  });

  it.each([
    `${BASE}/Users/u-42`,
    '/scim/v2/Users/u-42',
    `${BASE}/Users/u-42#top`,
    `${BASE}/Users/%75-42`,
  ])('takes the location %s, which is the id\'s URL', (location) => {
    expect(resourceUrl(ENDPOINT, 'u-42', location)).toEqual({ url: `${ENDPOINT}/u-42` });
  });

  it('compares the location with the id decoded', () => {
    expect(resourceUrl(ENDPOINT, "a?b c$(id)'x'", `${BASE}/Users/a%3Fb%20c$(id)'x'`)).toEqual({ url: `${ENDPOINT}/a%3Fb%20c%24(id)'x'` });
  });

  it.each([
    ['another resource (issue 49)', `${BASE}/Users/VICTIM`],
    ['another resource, relative', '/scim/v2/Users/VICTIM'],
    ['a fragment naming the id (issue 49)', '#u-42'],
    ['a backslash dot-dot (issue 49)', '\\..\\'],
    ['a path beside the base', 'https://scim.example.com/scim/v2-evil/Users/u-42'],
    ['the base itself', BASE],
    ['the collection itself (L3)', ENDPOINT],
    ['the collection with a slash (L3)', `${ENDPOINT}/`],
    ['another resource type', `${BASE}/Groups/u-42`],
    ['a path under the base but not the endpoint', `${BASE}/tenants/7/Users/u-42`],
    ['two segments below the endpoint', `${ENDPOINT}/u-42/members`],
    ['a trailing slash after the resource', `${ENDPOINT}/u-42/`],
    ['dot segments out of the base', `${BASE}/../../admin/u-42`],
    ['encoded dot segments out of the base', `${BASE}/%2e%2e/%2E%2E/admin`],
    ['an encoded dot-dot-slash inside the segment (L3)', `${ENDPOINT}/..%2fGroups%2fg-1`],
    ['an encoded slash (L3)', `${ENDPOINT}/u-42%2Fb`],
    ['an encoded dot-dot segment', `${ENDPOINT}/%2e%2e`],
    ['a segment that is not UTF-8 once decoded', `${ENDPOINT}/%ff`],
    ['a query of its own', `${ENDPOINT}/u-42?attributes=id`],
    ['a redacted value (L1)', `${ENDPOINT}/u-42?k=${REDACTED}`],
    ['credentials in the URL', 'https://user:pass@scim.example.com/scim/v2/Users/u-42'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['no URL at all', 'http://[not a host'],
  ])('refuses a location that is %s, and says why', (_label, location) => {
    expect(resourceUrl(ENDPOINT, 'u-42', location)).toEqual({ refused: `its location ${JSON.stringify(location)} is not its id's URL, ${ENDPOINT}/u-42` });
  });

  // Issue 50: a server that builds locations from the request's Origin names another host for the
  // same path. That says nothing against the id: the follow-ups go to {endpoint}/{id}, never there.
  it.each([
    ['another origin', 'https://attacker.example/scim/v2/Users/u-42'],
    ['another port', 'https://scim.example.com:8443/scim/v2/Users/u-42'],
    ['another scheme', 'http://scim.example.com/scim/v2/Users/u-42'],
    ['a scheme-relative URL elsewhere', '//attacker.example/scim/v2/Users/u-42'],
  ])('takes a location that is %s but names the id at its path, and sends to {endpoint}/{id} all the same', (_label, location) => {
    expect(resourceUrl(ENDPOINT, 'u-42', location)).toEqual({ url: `${ENDPOINT}/u-42` });
  });
});
