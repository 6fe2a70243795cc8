import { fileURLToPath } from 'node:url';

export interface SandboxOptions {
  /** Requests per window for a Free key. */
  freeLimit?: number;
  /** Requests per window for a Pro key. */
  proLimit?: number;
  /** Length of the rate-limit window in milliseconds. */
  windowMs?: number;
  /** Key requests (`POST /api/keys`) allowed per client address per key-request window. */
  keyRequestLimit?: number;
  /** Length of the key-request window in milliseconds. */
  keyRequestWindowMs?: number;
  /** A key unused for this many milliseconds expires. */
  keyIdleMs?: number;
  /** Most live keys the sandbox holds; past it `POST /api/keys` answers 503. */
  maxKeys?: number;
  /**
   * Reverse proxies in front of the sandbox whose `X-Forwarded-For` is believed (express's
   * `trust proxy` hop count). 0 believes none, so a client cannot name its own address.
   */
  trustedProxies?: number;
  /** Most operations one PATCH request may carry; past it the sandbox answers 400 `tooMany`. */
  maxOperations?: number;
  /**
   * Most values a resource holds in its multi-valued attributes together (emails, members, …), most
   * such values one request body carries, and most groups that list one member.
   */
  maxValues?: number;
  /** Most Users and Groups together that one key's tenant holds. */
  tenantMaxResources?: number;
  /** Most bytes of resource JSON that one key's tenant holds. */
  tenantMaxBytes?: number;
  /** Milliseconds a client has to send a request's headers, from its connection (or its previous request). */
  headersTimeoutMs?: number;
  /** Milliseconds a client has to send a whole request, headers and body. */
  requestTimeoutMs?: number;
  /** Most connections one client address holds open at once; one more is answered 503 and closed. */
  maxConnectionsPerAddress?: number;
  /** Milliseconds a write waits for the lock of its resource (held by another write of it) before it answers 503. */
  lockWaitMs?: number;
  /**
   * The SQLite database file, created with its folder when missing; `:memory:` keeps everything in
   * the process (what the tests use). Not a number, so not part of SandboxConfig's checks.
   */
  database?: string;
  /**
   * A PostgreSQL URL (`postgres://user:password@host:5432/database`): keys and data live there,
   * shared by every sandbox process given it. Wins over `database`.
   */
  databaseUrl?: string;
  /** A Redis URL (`redis://host:6379`): rate-limit counters live there, shared by every sandbox process given it. */
  redisUrl?: string;
  /** The one e-mail domain of every User's userName and e-mails (else SANDBOX_EMAIL_DOMAIN); others are refused (resources/email-domain.ts). */
  emailDomain?: string;
}

type Limits = Omit<SandboxOptions, 'database' | 'databaseUrl' | 'redisUrl' | 'emailDomain'>;
export type SandboxConfig = Required<Limits>;

export const DEFAULT_CONFIG: SandboxConfig = {
  freeLimit: 50,
  proLimit: 1000,
  windowMs: 15 * 60 * 1000,
  // A person trying the sandbox makes a few keys; a script minting keys to dodge the per-key
  // limit is stopped within a minute's work.
  keyRequestLimit: 60,
  keyRequestWindowMs: 15 * 60 * 1000,
  keyIdleMs: 24 * 60 * 60 * 1000,
  maxKeys: 10_000,
  trustedProxies: 0,
  // 100 operations that each add a value took 64–118 ms of CPU here (the budget is 100 ms); 50 take 43–63.
  maxOperations: 50,
  // Each value of a complex attribute costs scimmy 1.3.5 about 0.05 ms to check, several times
  // per request, so these keep the largest PATCH and the largest page well under 100 ms.
  maxValues: 100,
  tenantMaxResources: 5000,
  tenantMaxBytes: 20 * 1024 * 1024,
  // Node waits 60 s for headers and checks only every 30 s; a client that trickles its headers is
  // cut after these (checked each second, see connection-limits.ts), well within 20 s of connecting.
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  // A browser opens at most 6 connections to a host (HTTP/1.1); tabs, the demo's module loads and a
  // test runner's workers share an address, so room for several of them.
  maxConnectionsPerAddress: 64,
  // A PATCH holds its resource's lock for milliseconds; a client whose write waited this long for
  // others of the same resource is better told to try again (503 with Retry-After).
  lockWaitMs: 10_000,
};

export const ENV_NAMES: Record<keyof SandboxConfig, string> = {
  freeLimit: 'SANDBOX_FREE_LIMIT',
  proLimit: 'SANDBOX_PRO_LIMIT',
  windowMs: 'SANDBOX_WINDOW_MS',
  keyRequestLimit: 'SANDBOX_KEY_REQUESTS_PER_WINDOW',
  keyRequestWindowMs: 'SANDBOX_KEY_WINDOW_MS',
  keyIdleMs: 'SANDBOX_KEY_IDLE_MS',
  maxKeys: 'SANDBOX_MAX_KEYS',
  trustedProxies: 'SANDBOX_TRUSTED_PROXIES',
  maxOperations: 'SANDBOX_MAX_OPERATIONS',
  maxValues: 'SANDBOX_MAX_VALUES',
  tenantMaxResources: 'SANDBOX_TENANT_MAX_RESOURCES',
  tenantMaxBytes: 'SANDBOX_TENANT_MAX_BYTES',
  headersTimeoutMs: 'SANDBOX_HEADERS_TIMEOUT_MS',
  requestTimeoutMs: 'SANDBOX_REQUEST_TIMEOUT_MS',
  maxConnectionsPerAddress: 'SANDBOX_MAX_CONNECTIONS_PER_ADDRESS',
  lockWaitMs: 'SANDBOX_LOCK_WAIT_MS',
};

/** Names the SQLite database file; `:memory:` for none. */
export const DATABASE_ENV = 'SANDBOX_DB';
/** Names a PostgreSQL database for keys and data; it wins over SANDBOX_DB. */
export const DATABASE_URL_ENV = 'SANDBOX_DATABASE_URL';
/** Names a Redis for the rate-limit counters. */
export const REDIS_URL_ENV = 'SANDBOX_REDIS_URL';
/** SQLite's name for a database that lives and dies with its connection. */
export const IN_MEMORY_DATABASE = ':memory:';
const underRepository = (name: string) => fileURLToPath(new URL(`../../.sandbox/${name}`, import.meta.url));
/** `npm run sandbox`'s, under the repository whatever the working folder. */
export const DEFAULT_DATABASE = underRepository('sandbox.db');
/** `npm run example`'s, so that it runs beside `npm run sandbox` (one process holds a database file). */
export const EXAMPLE_DATABASE = underRepository('example.db');
/** `npm start`'s: one process holds a database file while it runs, and the demo may run beside the sandbox. */
export const DEMO_DATABASE = underRepository('demo.db');

/** The database file: the option, else SANDBOX_DB, else `fallback`. */
export function resolveDatabase(options: SandboxOptions = {}, env: NodeJS.ProcessEnv = process.env, fallback = DEFAULT_DATABASE): string {
  return options.database ?? (env[DATABASE_ENV]?.trim() || fallback);
}

/** Where keys and data live: a PostgreSQL URL (the option, else SANDBOX_DATABASE_URL) wins over a SQLite file. */
export function resolveStorage(options: SandboxOptions = {}, env: NodeJS.ProcessEnv = process.env): { postgres: string } | { sqlite: string } {
  const url = options.databaseUrl ?? env[DATABASE_URL_ENV]?.trim();
  return url ? { postgres: url } : { sqlite: resolveDatabase(options, env) };
}

/** The Redis URL for rate-limit counters (the option, else SANDBOX_REDIS_URL); none keeps them in memory. */
export function resolveRedisUrl(options: SandboxOptions = {}, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return options.redisUrl ?? (env[REDIS_URL_ENV]?.trim() || undefined);
}

/** The one setting for which 0 makes sense: no proxy in front. */
const MAY_BE_ZERO: ReadonlySet<keyof SandboxConfig> = new Set(['trustedProxies']);

/** Options win over environment variables, which win over the defaults. */
export function resolveConfig(options: Limits = {}, env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const config = { ...DEFAULT_CONFIG };
  for (const name of Object.keys(DEFAULT_CONFIG) as (keyof SandboxConfig)[]) {
    const value = options[name] ?? fromEnv(env, ENV_NAMES[name]) ?? DEFAULT_CONFIG[name];
    const minimum = MAY_BE_ZERO.has(name) ? 0 : 1;
    if (!Number.isSafeInteger(value) || value < minimum) {
      throw new RangeError(`Sandbox option ${name} must be ${minimum === 0 ? 'a whole number' : 'a positive integer'}, got ${value}`);
    }
    config[name] = value;
  }
  return config;
}

function fromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!/^\d+$/.test(raw)) throw new RangeError(`${name} must be a whole number, got "${raw}"`);
  return Number(raw);
}

/** The port to listen on: the variable `name` (`PORT` unless told), else `fallback`; 0 picks a free one. */
export function portFromEnv(fallback: number, env: NodeJS.ProcessEnv = process.env, name = 'PORT'): number {
  const port = Number(env[name] ?? fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`${name} must be a port number, got "${env[name]}"`);
  return port;
}
