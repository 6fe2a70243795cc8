import { describe, expect, it } from 'vitest';
import { REDACTED } from '../secrets/redact';
import { resourceUrl } from './resource-url';

const BASE = 'https://scim.example.com/scim/v2';
const ENDPOINT = `${BASE}/Users`;

describe('resourceUrl', () => {
  it('builds {endpoint}/{id} without a location', () => {
    expect(resourceUrl(ENDPOINT, 'u-42')).toBe(`${ENDPOINT}/u-42`);
  });

  it('encodes the id, so it names one resource below the endpoint', () => {
    expect(resourceUrl(ENDPOINT, 'a?x=1#y 50%')).toBe(`${ENDPOINT}/a%3Fx%3D1%23y%2050%25`);
  });

  it.each(['', '.', '..', '../../admin', 'a/b', 'a\\b', `u-${REDACTED}`, 'lone \uD800 surrogate', '\uDC00'])(
    'gives null for the id %j without a usable location',
    (id) => {
      expect(resourceUrl(ENDPOINT, id)).toBeNull();
      expect(resourceUrl(ENDPOINT, id, 'https://attacker.example/u')).toBeNull();
      expect(resourceUrl(ENDPOINT, id, `${BASE}/Users/u-9`)).toBe(`${BASE}/Users/u-9`);
    },
  );

  it('keeps the query of a base URL that has one', () => {
    const endpoint = 'http://localhost:8080/scim/Users?tenant=a';
    expect(resourceUrl(endpoint, 'u-1')).toBe('http://localhost:8080/scim/Users/u-1?tenant=a');
    expect(resourceUrl(endpoint, 'u-1', '/scim/Users/u-2?tenant=a')).toBe('http://localhost:8080/scim/Users/u-2?tenant=a');
  });

  it.each([
    [`${BASE}/Users/2819c223`, `${BASE}/Users/2819c223`],
    ['/scim/v2/Users/2819c223', `${BASE}/Users/2819c223`],
    [`${BASE}/Users/2819c223#top`, `${BASE}/Users/2819c223`],
    [`${BASE}/Users/a%3Fb%20c`, `${BASE}/Users/a%3Fb%20c`],
    [`${BASE}/Users/$(id)'x'`, `${BASE}/Users/$(id)'x'`],
  ])('uses the location %s, which names one resource of the endpoint', (location, expected) => {
    expect(resourceUrl(ENDPOINT, 'u-42', location)).toBe(expected);
  });

  it.each([
    ['another origin', 'https://attacker.example/scim/v2/Users/u-42'],
    ['another port', 'https://scim.example.com:8443/scim/v2/Users/u-42'],
    ['another scheme', 'http://scim.example.com/scim/v2/Users/u-42'],
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
    ['an encoded slash (L3)', `${ENDPOINT}/a%2Fb`],
    ['an encoded backslash', `${ENDPOINT}/a%5Cb`],
    ['an encoded dot-dot segment', `${ENDPOINT}/%2e%2e`],
    ['a segment that is not UTF-8 once decoded', `${ENDPOINT}/%ff`],
    ['a query of its own', `${ENDPOINT}/u-42?attributes=id`],
    ['a redacted value (L1)', `${ENDPOINT}/u-42?k=${REDACTED}`],
    ['a redacted segment (L1)', `${ENDPOINT}/${REDACTED}`],
    ['credentials in the URL', 'https://user:pass@scim.example.com/scim/v2/Users/u-42'],
    ['a scheme-relative URL elsewhere', '//attacker.example/scim/v2/Users/u-42'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['no URL at all', 'http://[not a host'],
  ])('ignores a location with %s', (_label, location) => {
    expect(resourceUrl(ENDPOINT, 'u-42', location)).toBe(`${ENDPOINT}/u-42`);
  });
});
