import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_DOMAIN_STORAGE_NAME, emailDomainFor, storeEmailDomain, storedEmailDomain, subscribeEmailDomains } from './email-domains';

const ONE = 'https://one.example.com/scim/v2';
const TWO = 'https://two.example.com/scim/v2?tenant=7';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("the reader's e-mail domains", () => {
  it('keeps one per base URL, in one JSON object', () => {
    expect(storeEmailDomain(ONE, 'acme.test')).toBe(true);
    expect(storeEmailDomain(TWO, 'globex.test')).toBe(true);
    expect([storedEmailDomain(ONE), storedEmailDomain(TWO), storedEmailDomain('https://three.example.com/scim/v2')]).toEqual(['acme.test', 'globex.test', undefined]);
    expect(JSON.parse(localStorage.getItem(EMAIL_DOMAIN_STORAGE_NAME) ?? '')).toEqual({ [ONE]: 'acme.test', [TWO]: 'globex.test' });
  });

  it('clears the one of a base URL, keeping the others', () => {
    storeEmailDomain(ONE, 'acme.test');
    storeEmailDomain(TWO, 'globex.test');
    storeEmailDomain(ONE, undefined);
    expect([storedEmailDomain(ONE), storedEmailDomain(TWO)]).toEqual([undefined, 'globex.test']);
  });

  it('wins over the attribute, which stands where the reader has set none, in lower case', () => {
    storeEmailDomain(ONE, 'acme.test');
    expect(emailDomainFor({ baseUrl: ONE, emailDomain: 'docs.test' })).toEqual({ domain: 'acme.test' });
    expect(emailDomainFor({ baseUrl: TWO, emailDomain: 'Docs.TEST' })).toEqual({ domain: 'docs.test' });
    expect(emailDomainFor({ baseUrl: TWO, emailDomain: undefined })).toEqual({ domain: undefined });
  });

  it("names an attribute's value that is not a domain name, where the reader has set none, and uses no domain", () => {
    storeEmailDomain(ONE, 'acme.test');
    expect(emailDomainFor({ baseUrl: ONE, emailDomain: 'localhost' })).toEqual({ domain: 'acme.test' });
    for (const value of ['ada@acme.test', 'localhost', '10.0.0.1']) {
      expect(emailDomainFor({ baseUrl: TWO, emailDomain: value })).toEqual({
        problem: `Invalid email-domain: "${value}" is not a domain name such as acme.test: two or more labels of letters a-z, digits and inner hyphens (63 at most each), joined by dots, the last not all digits`,
      });
    }
  });

  it.each([
    ['not JSON', '{'],
    ['a list', '["acme.test"]'],
    ['a value that is not a domain name', JSON.stringify({ [ONE]: 'acme' })],
    ['a value that is not text', JSON.stringify({ [ONE]: 42 })],
  ])('reads %s as none set', (_, stored) => {
    localStorage.setItem(EMAIL_DOMAIN_STORAGE_NAME, stored);
    expect(storedEmailDomain(ONE)).toBeUndefined();
    expect(storedEmailDomain('__proto__')).toBeUndefined();
  });

  it('says so when the storage refuses, and reads none where there is no storage', () => {
    const refusing = () => ({ getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } }) as unknown as Storage;
    expect(storeEmailDomain(ONE, 'acme.test', refusing)).toBe(false);
    expect(storeEmailDomain(ONE, 'acme.test', () => undefined)).toBe(false);
    expect(storedEmailDomain(ONE, () => undefined)).toBeUndefined();
  });

  it('tells the subscribers of a change here and of one in another tab', () => {
    const listener = vi.fn();
    const stop = subscribeEmailDomains(listener);
    storeEmailDomain(ONE, 'acme.test');
    window.dispatchEvent(new StorageEvent('storage', { key: EMAIL_DOMAIN_STORAGE_NAME }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'apikey' }));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    storeEmailDomain(ONE, undefined);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
