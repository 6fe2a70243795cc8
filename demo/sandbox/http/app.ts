import cors from 'cors';
import express from 'express';
import { locateCreated } from '../scimmy-fixes/created-location';
import { resolveConfig, resolveRedisUrl, type SandboxConfig, type SandboxOptions } from '../config';
import { KeyRing } from '../keys/key-ring';
import { keysRouter } from './keys-route';
import { KEYS_PATH, SCIM_PATH } from '../shared/paths';
import { rateLimitCounters } from './rate-limit-counters';
import { allowPrivateNetwork } from './private-network';
import { scimRouter } from './scim-router';
import { openStore } from '../store/open-store';
import { resolveEmailDomain } from '../resources/email-domain';

export type { SandboxOptions } from '../config';

/**
 * The sandbox's express app, which holds its database (and Redis) open until `closeStore()`.
 * `ready()` resolves once they answer, and rejects saying why they do not.
 */
export type Sandbox = express.Express & { ready(): Promise<void>; closeStore(): Promise<void>; config: SandboxConfig };
export { KEYS_PATH, SCIM_PATH } from '../shared/paths';

/**
 * A SCIM 2.0 service provider with its API keys, each key a tenant with Users and Groups of its
 * own, kept in the PostgreSQL database `options.databaseUrl` or SANDBOX_DATABASE_URL names, else in the
 * SQLite database `options.database` or SANDBOX_DB names (else .sandbox/sandbox.db; `npm start` passes
 * .sandbox/demo.db). Rate limits count in the Redis `options.redisUrl` or SANDBOX_REDIS_URL names, else in memory.
 * Serves `POST /api/keys` and the SCIM API under `/scim/v2`; mount it with `app.use(createSandbox())`,
 * and call its `closeStore()` once it is no longer served.
 * Options win over the SANDBOX_* environment variables, which win over the defaults.
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const config = resolveConfig(options);
  const emailDomain = resolveEmailDomain(options.emailDomain);
  const store = openStore(options, { maxResources: config.tenantMaxResources, maxBytes: config.tenantMaxBytes });
  const counters = rateLimitCounters(resolveRedisUrl(options));
  const keys = new KeyRing(store, { limits: { free: config.freeLimit, pro: config.proLimit }, idleMs: config.keyIdleMs, maxKeys: config.maxKeys, lockWaitMs: config.lockWaitMs });

  const app = express();
  app.disable('x-powered-by');
  // The per-address key limit reads req.ip, which behind a proxy is the proxy's address.
  if (config.trustedProxies > 0) app.set('trust proxy', config.trustedProxies);
  // Only on our paths, so a host app that mounts the sandbox keeps its own CORS policy.
  app.use(
    [KEYS_PATH, SCIM_PATH],
    allowPrivateNetwork,
    cors({
      origin: '*',
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['Retry-After', 'RateLimit', 'RateLimit-Policy', 'Location', 'ETag'],
    }),
  );
  app.use(SCIM_PATH, locateCreated);
  app.use(keysRouter(keys, { limit: config.keyRequestLimit, windowMs: config.keyRequestWindowMs }, counters));
  app.use(SCIM_PATH, scimRouter(store, keys, config, counters, emailDomain));
  return Object.assign(app, {
    ready: async () => void (await Promise.all([store.ready, counters.ready])),
    closeStore: async () => void (await Promise.all([store.close(), counters.close()])),
    config,
  });
}
