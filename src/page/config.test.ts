// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { IDP_PROFILES } from '../scim/profiles/names';
import { parseConfig, type GeneratorAttributes, type GeneratorConfig } from './config';

const PAGE = 'https://docs.example.com/guide/page.html';

function configOf(attributes: GeneratorAttributes, documentBase = PAGE): GeneratorConfig {
  const parsed = parseConfig(attributes, documentBase);
  if (!parsed.ok) throw new Error(`expected a config, got "${parsed.message}"`);
  return parsed.config;
}

function messageOf(attributes: GeneratorAttributes, documentBase = PAGE): string {
  const parsed = parseConfig(attributes, documentBase);
  if (parsed.ok) throw new Error(`expected a message, got ${JSON.stringify(parsed.config)}`);
  return parsed.message;
}

describe('parseConfig', () => {
  it('uses the defaults, resolved against the page', () => {
    expect(configOf({})).toEqual({
      resourceType: 'Users',
      baseUrl: 'https://docs.example.com/scim/v2',
      endpoint: 'https://docs.example.com/scim/v2/Users',
      apiKeyUrl: 'https://docs.example.com/apikey/',
      keyCreationUrl: 'https://docs.example.com/apikey/#create-new-access-key',
      timeoutMs: 30000,
      planCardSelector: '.plan-card',
      profile: 'basic',
      schema: 'profile',
      editor: true,
      seed: undefined,
      readiness: [...IDP_PROFILES],
    });
  });

  it('turns the editor off only with editor="off"', () => {
    expect(configOf({ editor: 'off' }).editor).toBe(false);
    expect(configOf({ editor: 'on' }).editor).toBe(true);
    expect(messageOf({ editor: 'no' })).toBe('Invalid editor: "no" is not on or off');
  });

  it('treats blank attributes as absent', () => {
    const blank = { resourceType: ' ', baseUrl: '', apiKeyUrl: '  ', timeout: '', planCardSelector: ' ', profile: ' ', schema: ' ', seed: ' ' };
    expect(configOf(blank)).toEqual(configOf({}));
  });

  it('accepts Groups and posts to /Groups', () => {
    const config = configOf({ resourceType: 'Groups', baseUrl: 'https://scim.example.com/scim/v2' });
    expect(config.resourceType).toBe('Groups');
    expect(config.endpoint).toBe('https://scim.example.com/scim/v2/Groups');
  });

  it.each(['https://scim.example.com/scim/v2', 'https://scim.example.com/scim/v2/', 'https://scim.example.com/scim/v2//'])(
    'appends /Users to %s with exactly one slash',
    (baseUrl) => {
      expect(configOf({ baseUrl }).endpoint).toBe('https://scim.example.com/scim/v2/Users');
      expect(configOf({ baseUrl }).baseUrl).toBe('https://scim.example.com/scim/v2');
    },
  );

  it('resolves a relative base-url against the page', () => {
    expect(configOf({ baseUrl: 'api/scim' }).endpoint).toBe('https://docs.example.com/guide/api/scim/Users');
    expect(configOf({ baseUrl: '/tenant/7/scim/v2/' }).endpoint).toBe('https://docs.example.com/tenant/7/scim/v2/Users');
  });

  it('keeps a query string after the resource path', () => {
    expect(configOf({ baseUrl: 'http://localhost:8080/scim?tenant=a' }).endpoint).toBe(
      'http://localhost:8080/scim/Users?tenant=a',
    );
  });

  it.each(['Things', 'users', 'User', 'Groups,Users'])('rejects the resource type %j', (resourceType) => {
    expect(messageOf({ resourceType })).toBe(`Invalid resource type: "${resourceType}" is not Users or Groups`);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'ftp://files.example.com/scim',
    'http://',
    'https://',
    'http://exa mple.com/scim',
    'http://[::1',
    'https://user:secret@scim.example.com/scim/v2',
    'https://:secret@scim.example.com/scim/v2',
  ])('rejects the base-url %j with a message', (baseUrl) => {
    expect(messageOf({ baseUrl })).toMatch(/^Invalid base-url: /);
  });

  it('rejects the default base-url on a page that is not served over http(s)', () => {
    expect(messageOf({}, 'about:blank')).toMatch(/^Invalid base-url/);
  });

  it.each(['1', '500', ' 2500 ', '2147483647'])('accepts the timeout %j', (timeout) => {
    expect(configOf({ timeout }).timeoutMs).toBe(Number(timeout));
  });

  it.each(['0', '-1', '1.5', 'abc', '10s', 'Infinity', 'NaN', '1e12', '1e3', '0x10', '2147483648'])(
    'rejects the timeout %j with a message',
    (timeout) => {
      expect(messageOf({ timeout })).toMatch(/^Invalid timeout: /);
    },
  );

  it('reports the resource type before other problems', () => {
    expect(messageOf({ resourceType: 'Things', baseUrl: 'javascript:x', timeout: '0' })).toBe('Invalid resource type: "Things" is not Users or Groups');
  });

  it('takes an http(s) api-key-url and points key creation at its #create-new-access-key', () => {
    const config = configOf({ apiKeyUrl: 'https://provider.example.com/account/keys?tab=1#old' });
    expect(config.apiKeyUrl).toBe('https://provider.example.com/account/keys?tab=1#old');
    expect(config.keyCreationUrl).toBe('https://provider.example.com/account/keys?tab=1#create-new-access-key');
  });

  it.each(['javascript:alert(document.cookie)', 'data:text/html,hi', 'vbscript:x', 'ftp://x/keys', 'https://u:p@x/keys'])(
    'falls back to the default key page for the api-key-url %j',
    (apiKeyUrl) => {
      const config = configOf({ apiKeyUrl });
      expect(config.apiKeyUrl).toBe('https://docs.example.com/apikey/');
      expect(config.keyCreationUrl).toBe('https://docs.example.com/apikey/#create-new-access-key');
    },
  );

  it('has no link target at all when neither api-key-url nor the default is http(s)', () => {
    const config = configOf({ baseUrl: 'https://scim.example.com/v2', apiKeyUrl: 'javascript:x' }, 'about:blank');
    expect(config.apiKeyUrl).toBeNull();
    expect(config.keyCreationUrl).toBeNull();
  });

  it('takes a custom plan-card-selector', () => {
    expect(configOf({ planCardSelector: '[data-plan]' }).planCardSelector).toBe('[data-plan]');
  });

  it.each(['basic', 'full', 'entra', 'okta', ' okta '])('takes the profile %j', (profile) => {
    expect(configOf({ profile }).profile).toBe(profile.trim());
  });

  it.each(['Basic', 'OKTA', 'azure', 'full,okta'])('rejects the profile %j, naming it and the eight it could be', (profile) => {
    expect(messageOf({ profile })).toBe(`Invalid profile: "${profile}" is not basic, full, entra, okta, okta-aiw, onelogin, ping or authentik`);
  });

  it.each(['profile', 'discover', ' discover '])('takes the schema source %j', (schema) => {
    expect(configOf({ schema }).schema).toBe(schema.trim());
  });

  it.each(['Discover', 'server', 'profile,discover'])('rejects the schema source %j, naming it and the two it could be', (schema) => {
    expect(messageOf({ schema })).toBe(`Invalid schema: "${schema}" is not profile or discover`);
  });

  it.each(['0', '42', ' 7 ', '4294967295'])('takes the seed %j as a number', (seed) => {
    expect(configOf({ seed }).seed).toBe(Number(seed));
  });

  it.each(['-1', '1.5', 'abc', '1e3', '0x10', '4294967296', '42abc'])('rejects the seed %j with a message', (seed) => {
    expect(messageOf({ seed })).toBe(`Invalid seed: "${seed}" is not a whole number from 0 to 4294967295`);
  });

  // Checked where it is used, in the lazily loaded code (emailDomainFor, email-domains.test.ts).
  it('takes the email-domain as given, trimmed, even one that is not a domain name, and none when absent', () => {
    expect(configOf({ emailDomain: ' ACME.test ' }).emailDomain).toBe('ACME.test');
    expect(configOf({ emailDomain: ' localhost ' }).emailDomain).toBe('localhost');
    expect(configOf({ emailDomain: ' ' }).emailDomain).toBeUndefined();
  });
});
