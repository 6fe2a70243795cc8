// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, DEFAULT_DATABASE, DEMO_DATABASE, EXAMPLE_DATABASE, portFromEnv, resolveConfig, resolveDatabase, resolveRedisUrl, resolveStorage } from './config';

describe('resolveConfig', () => {
  const limits = { maxOperations: 50, maxValues: 100, tenantMaxResources: 5000, tenantMaxBytes: 20_971_520, headersTimeoutMs: 10_000, requestTimeoutMs: 15_000, maxConnectionsPerAddress: 64, lockWaitMs: 10_000 };

  it('defaults to 50 and 1000 requests per 15 minutes, 60 key requests per 15 minutes, a 24 h key idle time, 10000 keys, no trusted proxy, 50 operations, 100 values, 5000 resources and 20 MB per tenant, 10 s for headers, 15 s for a request, 64 connections per address and 10 s of waiting for a lock', () => {
    const defaults = { freeLimit: 50, proLimit: 1000, windowMs: 900_000, keyRequestLimit: 60, keyRequestWindowMs: 900_000, keyIdleMs: 86_400_000, maxKeys: 10_000, trustedProxies: 0, ...limits };
    expect(resolveConfig({}, {})).toEqual(defaults);
    expect(DEFAULT_CONFIG).toEqual(defaults);
  });

  it('reads SANDBOX_FREE_LIMIT, SANDBOX_PRO_LIMIT and SANDBOX_WINDOW_MS', () => {
    const env = { SANDBOX_FREE_LIMIT: '5', SANDBOX_PRO_LIMIT: ' 50 ', SANDBOX_WINDOW_MS: '1000' };

    expect(resolveConfig({}, env)).toMatchObject({ freeLimit: 5, proLimit: 50, windowMs: 1000 });
  });

  it('reads SANDBOX_KEY_REQUESTS_PER_WINDOW, SANDBOX_KEY_WINDOW_MS, SANDBOX_KEY_IDLE_MS and SANDBOX_MAX_KEYS', () => {
    const env = { SANDBOX_KEY_REQUESTS_PER_WINDOW: '7', SANDBOX_KEY_WINDOW_MS: '2000', SANDBOX_KEY_IDLE_MS: '3000', SANDBOX_MAX_KEYS: '4' };

    expect(resolveConfig({}, env)).toMatchObject({ keyRequestLimit: 7, keyRequestWindowMs: 2000, keyIdleMs: 3000, maxKeys: 4 });
  });

  it('reads SANDBOX_MAX_OPERATIONS, SANDBOX_MAX_VALUES, SANDBOX_TENANT_MAX_RESOURCES and SANDBOX_TENANT_MAX_BYTES', () => {
    const env = { SANDBOX_MAX_OPERATIONS: '5', SANDBOX_MAX_VALUES: '6', SANDBOX_TENANT_MAX_RESOURCES: '7', SANDBOX_TENANT_MAX_BYTES: '8' };

    expect(resolveConfig({}, env)).toMatchObject({ maxOperations: 5, maxValues: 6, tenantMaxResources: 7, tenantMaxBytes: 8 });
  });

  it('reads SANDBOX_HEADERS_TIMEOUT_MS, SANDBOX_REQUEST_TIMEOUT_MS, SANDBOX_MAX_CONNECTIONS_PER_ADDRESS and SANDBOX_LOCK_WAIT_MS', () => {
    const env = { SANDBOX_HEADERS_TIMEOUT_MS: '1000', SANDBOX_REQUEST_TIMEOUT_MS: '2000', SANDBOX_MAX_CONNECTIONS_PER_ADDRESS: '3', SANDBOX_LOCK_WAIT_MS: '4' };

    expect(resolveConfig({}, env)).toMatchObject({ headersTimeoutMs: 1000, requestTimeoutMs: 2000, maxConnectionsPerAddress: 3, lockWaitMs: 4 });
  });

  it('reads SANDBOX_TRUSTED_PROXIES, where 0 (no proxy) is allowed and a negative count is not', () => {
    expect(resolveConfig({}, { SANDBOX_TRUSTED_PROXIES: '2' }).trustedProxies).toBe(2);
    expect(resolveConfig({}, { SANDBOX_TRUSTED_PROXIES: '0' }).trustedProxies).toBe(0);
    expect(() => resolveConfig({}, { SANDBOX_TRUSTED_PROXIES: '-1' })).toThrow(/SANDBOX_TRUSTED_PROXIES/);
    expect(() => resolveConfig({ trustedProxies: -1 }, {})).toThrow(/trustedProxies must be a whole number/);
  });

  it('lets options win over the environment', () => {
    expect(resolveConfig({ freeLimit: 2 }, { SANDBOX_FREE_LIMIT: '5', SANDBOX_PRO_LIMIT: '6' })).toEqual({
      freeLimit: 2,
      proLimit: 6,
      windowMs: 900_000,
      keyRequestLimit: 60, keyRequestWindowMs: 900_000, keyIdleMs: 86_400_000, maxKeys: 10_000, trustedProxies: 0, ...limits,
    });
  });

  it('ignores empty environment variables', () => {
    expect(resolveConfig({}, { SANDBOX_FREE_LIMIT: '' }).freeLimit).toBe(50);
  });

  it.each(['abc', '0', '-1', '1.5'])('refuses SANDBOX_FREE_LIMIT=%s', (value) => {
    expect(() => resolveConfig({}, { SANDBOX_FREE_LIMIT: value })).toThrow(/SANDBOX_FREE_LIMIT|freeLimit/);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses the option proLimit: %s', (proLimit) => {
    expect(() => resolveConfig({ proLimit }, {})).toThrow(/proLimit/);
  });
});

describe('resolveDatabase', () => {
  it('takes the option, else SANDBOX_DB, else .sandbox/sandbox.db at the top of the repository', () => {
    expect(resolveDatabase({ database: 'a.db' }, { SANDBOX_DB: 'b.db' })).toBe('a.db');
    expect(resolveDatabase({}, { SANDBOX_DB: ':memory:' })).toBe(':memory:');
    expect(resolveDatabase({}, { SANDBOX_DB: ' ' })).toBe(DEFAULT_DATABASE);
    expect(DEFAULT_DATABASE).toBe(fileURLToPath(new URL('../../.sandbox/sandbox.db', import.meta.url)));
  });

  it("gives npm start's demo a file of its own, .sandbox/demo.db, so it runs beside npm run sandbox", () => {
    expect(resolveDatabase({}, {}, DEMO_DATABASE)).toBe(fileURLToPath(new URL('../../.sandbox/demo.db', import.meta.url)));
    expect(resolveDatabase({}, { SANDBOX_DB: 'b.db' }, DEMO_DATABASE)).toBe('b.db');
  });

  it('gives npm run example a file of its own, .sandbox/example.db, so it runs beside npm run sandbox and npm start', () => {
    expect(resolveDatabase({}, {}, EXAMPLE_DATABASE)).toBe(fileURLToPath(new URL('../../.sandbox/example.db', import.meta.url)));
    expect(new Set([DEFAULT_DATABASE, DEMO_DATABASE, EXAMPLE_DATABASE]).size).toBe(3);
  });
});

describe('resolveStorage and resolveRedisUrl', () => {
  const url = 'postgres://sandbox@127.0.0.1:5432/sandbox';

  it('takes PostgreSQL when given a URL, by option or SANDBOX_DATABASE_URL, over any SQLite file', () => {
    expect(resolveStorage({ databaseUrl: url }, {})).toEqual({ postgres: url });
    expect(resolveStorage({ database: 'a.db' }, { SANDBOX_DATABASE_URL: url, SANDBOX_DB: ':memory:' })).toEqual({ postgres: url });
    expect(resolveStorage({}, { SANDBOX_DATABASE_URL: ' ', SANDBOX_DB: ':memory:' })).toEqual({ sqlite: ':memory:' });
    expect(resolveStorage({}, {})).toEqual({ sqlite: DEFAULT_DATABASE });
  });

  it('counts rate limits in the Redis of the option or SANDBOX_REDIS_URL, else in memory', () => {
    expect(resolveRedisUrl({ redisUrl: 'redis://a:6379' }, { SANDBOX_REDIS_URL: 'redis://b:6379' })).toBe('redis://a:6379');
    expect(resolveRedisUrl({}, { SANDBOX_REDIS_URL: 'redis://b:6379' })).toBe('redis://b:6379');
    expect(resolveRedisUrl({}, { SANDBOX_REDIS_URL: '' })).toBeUndefined();
  });
});

describe('portFromEnv', () => {
  it('reads PORT, or falls back', () => {
    expect(portFromEnv(8787, { PORT: '9000' })).toBe(9000);
    expect(portFromEnv(8787, { PORT: '0' })).toBe(0);
    expect(portFromEnv(8787, {})).toBe(8787);
  });

  it.each(['http', '-1', '65536', '80.5'])('refuses PORT=%s, naming it', (value) => {
    expect(() => portFromEnv(8787, { PORT: value })).toThrow(`PORT must be a port number, got "${value}"`);
  });

  it('reads another variable when named, and names it when refusing', () => {
    expect(portFromEnv(8080, { PORT: '9000', PAGE_PORT: '9001' }, 'PAGE_PORT')).toBe(9001);
    expect(portFromEnv(8080, { PORT: '9000' }, 'PAGE_PORT')).toBe(8080);
    expect(() => portFromEnv(8080, { PAGE_PORT: 'x' }, 'PAGE_PORT')).toThrow('PAGE_PORT must be a port number, got "x"');
  });
});
