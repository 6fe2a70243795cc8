import { describe, expect, it } from 'vitest';
import { resourceUrl } from './resource-url';

const BASE = 'https://scim.example.com/scim/v2';
const ENDPOINT = `${BASE}/Users`;

describe('resourceUrl', () => {
  it('builds {endpoint}/{id} without a location', () => {
    expect(resourceUrl(BASE, ENDPOINT, 'u-42')).toBe(`${ENDPOINT}/u-42`);
  });

  it('encodes the id, so it names one resource below the endpoint', () => {
    expect(resourceUrl(BASE, ENDPOINT, '../../admin?x=1#y')).toBe(`${ENDPOINT}/..%2F..%2Fadmin%3Fx%3D1%23y`);
  });

  it.each(['', '.', '..'])('gives null for the id %j without a usable location', (id) => {
    expect(resourceUrl(BASE, ENDPOINT, id)).toBeNull();
    expect(resourceUrl(BASE, ENDPOINT, id, 'https://attacker.example/u')).toBeNull();
    expect(resourceUrl(BASE, ENDPOINT, id, `${BASE}/Users/u-9`)).toBe(`${BASE}/Users/u-9`);
  });

  it('keeps the query of a base URL that has one', () => {
    expect(resourceUrl('http://localhost:8080/scim?tenant=a', 'http://localhost:8080/scim/Users?tenant=a', 'u-1')).toBe(
      'http://localhost:8080/scim/Users/u-1?tenant=a',
    );
  });

  it.each([
    [`${BASE}/Users/2819c223`, `${BASE}/Users/2819c223`],
    ['/scim/v2/Users/2819c223', `${BASE}/Users/2819c223`],
    [`${BASE}/Users/2819c223#top`, `${BASE}/Users/2819c223`],
    [`${BASE}/tenants/7/Users/2819c223`, `${BASE}/tenants/7/Users/2819c223`],
  ])('uses the location %s, which lies under the base URL', (location, expected) => {
    expect(resourceUrl(BASE, ENDPOINT, 'u-42', location)).toBe(expected);
  });

  it.each([
    ['another origin', 'https://attacker.example/scim/v2/Users/u-42'],
    ['another port', 'https://scim.example.com:8443/scim/v2/Users/u-42'],
    ['another scheme', 'http://scim.example.com/scim/v2/Users/u-42'],
    ['a path beside the base', 'https://scim.example.com/scim/v2-evil/Users/u-42'],
    ['the base itself', BASE],
    ['dot segments out of the base', `${BASE}/../../admin/u-42`],
    ['encoded dot segments out of the base', `${BASE}/%2e%2e/%2E%2E/admin`],
    ['credentials in the URL', 'https://user:pass@scim.example.com/scim/v2/Users/u-42'],
    ['a scheme-relative URL elsewhere', '//attacker.example/scim/v2/Users/u-42'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['no URL at all', 'http://[not a host'],
  ])('ignores a location with %s', (_label, location) => {
    expect(resourceUrl(BASE, ENDPOINT, 'u-42', location)).toBe(`${ENDPOINT}/u-42`);
  });
});
