// @vitest-environment node
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/free-port';
import { startSandboxProcess, type SandboxProcess } from '../../../test/support/sandbox-process';
import { DATABASE_URL_ENV, ENV_NAMES, REDIS_URL_ENV } from '../config';
import { ADVISORY_KEY, lockName } from '../store/postgres/postgres-locks';
import { CURRENT_KEY_PATH, KEYS_PATH } from '../shared/paths';
import { twoProcessesOnSharedServices } from '../test-support/shared-services';
import { GROUP_SCHEMA, PATCH_SCHEMA, USER_SCHEMA } from '../test-support/test-sandbox';

// Two sandbox processes on one PostgreSQL and one Redis, each started once for the file: what a
// proxy in front of them would spread its requests over.
const FREE_LIMIT = 10;
const PRO_LIMIT = 100_000;
const TENANT_MAX_RESOURCES = 210;
const KEY_REQUESTS = 8;

let keysIssued = 0;

const shared = twoProcessesOnSharedServices({
  [ENV_NAMES.freeLimit]: String(FREE_LIMIT),
  [ENV_NAMES.proLimit]: String(PRO_LIMIT),
  [ENV_NAMES.tenantMaxResources]: String(TENANT_MAX_RESOURCES),
  [ENV_NAMES.keyRequestLimit]: String(KEY_REQUESTS),
  [ENV_NAMES.maxConnectionsPerAddress]: '1000',
  // A group of 200 members holds 200 values.
  [ENV_NAMES.maxValues]: '200',
  // 200 PATCHes of one group, the last waiting for all the others (over a minute on a machine with a load of 30).
  [ENV_NAMES.lockWaitMs]: '600000',
});

/** Through the first or the second process, by `i`'s parity: as a round-robin proxy would. */
const through = (i: number): SandboxProcess => shared.sandboxes[i % 2] as SandboxProcess;

async function keyFrom(sandbox: SandboxProcess, plan: 'free' | 'pro' = 'pro'): Promise<string> {
  const key = await sandbox.createApiKey(plan);
  keysIssued++;
  return key;
}

function send(sandbox: SandboxProcess, key: string, path: string, method = 'GET', body?: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(`${sandbox.scimUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/scim+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

async function groupOf(key: string, displayName: string): Promise<string> {
  return ((await (await send(shared.sandboxes[0], key, '/Groups', 'POST', { schemas: [GROUP_SCHEMA], displayName })).json()) as { id: string }).id;
}

/** How many requests `key` has made in this window, itself included: its plan's limit less the RateLimit header's `r=` (remaining). */
async function requestsMade(key: string): Promise<number> {
  const remaining = /\br=(\d+)/.exec((await send(shared.sandboxes[0], key, '/ServiceProviderConfig')).headers.get('RateLimit') ?? '')?.[1];
  return PRO_LIMIT - Number(remaining);
}

/**
 * Holds the lock of a resource of the key that owns it in PostgreSQL, as a sandbox process stalled in the
 * middle of a PATCH of it would; `release()` lets it go.
 */
async function holdLock(resourceId: string): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: shared.postgres.url });
  await client.connect();
  const { rows } = await client.query<{ tenant: string }>('SELECT tenant FROM sandbox_resources WHERE id = $1', [resourceId]);
  await client.query(`SELECT pg_advisory_lock(${ADVISORY_KEY})`, [lockName(rows[0]?.tenant ?? '', resourceId)]);
  return { release: () => client.end() };
}

async function createUsers(key: string, count: number, prefix: string): Promise<Response[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(through(i), key, '/Users', 'POST', { schemas: [USER_SCHEMA], userName: `${prefix}.${i}` })));
}

describe('two sandbox processes on one PostgreSQL and one Redis', () => {
  it('take a key made through one in the other', async () => {
    const [first, second] = shared.sandboxes;
    const key = await keyFrom(first);

    expect((await send(second, key, '/Users')).status).toBe(200);
    const current = await fetch(new URL(CURRENT_KEY_PATH, second.url), { headers: { Authorization: `Bearer ${key}` } });
    expect([current.status, await current.json()]).toEqual([200, { plan: 'pro', limit: 100000 }]);
  });

  it('answer 409 through one for a userName taken through the other, and show each what the other wrote', async () => {
    const [first, second] = shared.sandboxes;
    const key = await keyFrom(second);
    const created = await send(first, key, '/Users', 'POST', { schemas: [USER_SCHEMA], userName: 'taken' });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const again = await send(second, key, '/Users', 'POST', { schemas: [USER_SCHEMA], userName: 'TAKEN' });
    expect([again.status, ((await again.json()) as { scimType?: string }).scimType]).toEqual([409, 'uniqueness']);
    expect(await (await send(second, key, `/Users/${id}`)).json()).toMatchObject({ id, userName: 'taken' });
  });

  it("share a tenant's limits: of 220 creates sent at once through both, exactly the limit's 210 are made", async () => {
    const key = await keyFrom(shared.sandboxes[0]);
    const statuses = (await createUsers(key, TENANT_MAX_RESOURCES + 10, 'limit')).map(({ status }) => status);

    expect(statuses.filter((status) => status === 201)).toHaveLength(TENANT_MAX_RESOURCES);
    expect(statuses.filter((status) => status === 403)).toHaveLength(10);
    const list = (await (await send(shared.sandboxes[1], key, '/Users?count=1')).json()) as { totalResults: number };
    expect(list.totalResults).toBe(TENANT_MAX_RESOURCES);
  });

  it("share a key's request budget: through both together it makes as many requests as through one", async () => {
    const key = await keyFrom(shared.sandboxes[1], 'free');
    const statuses = [];
    for (let i = 0; i < FREE_LIMIT + 2; i++) statuses.push((await send(through(i), key, '/Users')).status);

    expect(statuses).toEqual([...Array<number>(FREE_LIMIT).fill(200), 429, 429]);
  });

  it('apply every one of 200 member PATCHes of one group sent at once through both', async () => {
    const key = await keyFrom(shared.sandboxes[0]);
    const members = await Promise.all((await createUsers(key, 200, 'member')).map(async (response) => ((await response.json()) as { id: string }).id));
    const group = (await (await send(shared.sandboxes[1], key, '/Groups', 'POST', { schemas: [GROUP_SCHEMA], displayName: 'everyone' })).json()) as { id: string };

    const patches = await Promise.all(
      members.map((value, i) => send(through(i), key, `/Groups/${group.id}`, 'PATCH', { schemas: [PATCH_SCHEMA], Operations: [{ op: 'add', path: 'members', value: [{ value }] }] })),
    );

    expect(patches.map(({ status }) => status)).toEqual(members.map(() => 200));
    const stored = (await (await send(shared.sandboxes[0], key, `/Groups/${group.id}`)).json()) as { members: { value: string }[] };
    expect(stored.members.map(({ value }) => value).sort()).toEqual([...members].sort());
  }, 240_000);

  it("keep another tenant's PATCHes near their own baseline while 100 PATCHes of one tenant's group wait for its lock", async () => {
    const flooder = await keyFrom(shared.sandboxes[0]);
    const other = await keyFrom(shared.sandboxes[1]);
    const [flooded, own] = await Promise.all([groupOf(flooder, 'flooded'), groupOf(other, 'own')]);
    const rename = (key: string, id: string, i: number, signal?: AbortSignal) =>
      send(through(i), key, `/Groups/${id}`, 'PATCH', { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'displayName', value: `${id} ${i}` }] }, signal);
    /** The median time of 9 PATCHes of the other tenant's group, one after another, through both; each given up at `patience` ms. */
    const otherTenantsMedian = async (patience = 60_000) => {
      const times: number[] = [];
      for (let i = 0; i < 9; i++) {
        const started = performance.now();
        const status = await rename(other, own, i, AbortSignal.timeout(patience)).then(({ status }) => status, () => 'given up');
        times.push(status === 200 ? performance.now() - started : Infinity);
      }
      return times.sort((a, b) => a - b)[4] as number;
    };
    await otherTenantsMedian(); // opens both processes' connections
    const baseline = await otherTenantsMedian();

    // A holder that does not let go (a process stalled mid-PATCH) makes every PATCH of the flooded group wait.
    const held = await holdLock(flooded);
    const before = await requestsMade(flooder);
    const flood = Promise.all(Array.from({ length: 100 }, async (_, i) => rename(flooder, flooded, i)));
    let duringFlood: number;
    try {
      // Every PATCH of the flood has passed the rate limit, the last step before the lock; each look counts itself.
      let looks = 0;
      await expect.poll(async () => (await requestsMade(flooder)) - before - ++looks, { timeout: 30_000 }).toBeGreaterThanOrEqual(100);
      duringFlood = await otherTenantsMedian(Math.ceil(20 * baseline) + 5000);
    } finally {
      await held.release();
    }
    const answers = await flood;

    expect(answers.map(({ status }) => status)).toEqual(answers.map(() => 200));
    // Today's tens of ms are noise on a busy machine; 4.3 s behind 47 PATCHes was the finding (issue 49).
    expect(duringFlood / baseline, `${duringFlood.toFixed(1)} ms while the flood waited, ${baseline.toFixed(1)} ms before`).toBeLessThan(4);
  }, 120_000);

  it('answer 503 with Retry-After to a PATCH that waited SANDBOX_LOCK_WAIT_MS for its lock, and 200 once it is free', async () => {
    const impatient = await startSandboxProcess({ ...shared.env, [ENV_NAMES.lockWaitMs]: '300' });
    try {
      const key = await keyFrom(shared.sandboxes[0]);
      const id = await groupOf(key, 'busy');
      const rename = () => send(impatient, key, `/Groups/${id}`, 'PATCH', { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'displayName', value: 'renamed' }] });
      const held = await holdLock(id);
      let waited: Response;
      try {
        waited = await rename();
      } finally {
        await held.release();
      }

      expect([waited.status, waited.headers.get('Retry-After')]).toEqual([503, expect.stringMatching(/^\d+$/)]);
      expect(await waited.json()).toMatchObject({ status: '503', detail: expect.stringContaining('try again') });
      expect((await rename()).status).toBe(200);
    } finally {
      await impatient.close();
    }
  }, 60_000);

  it("share an address's key requests: the budget counts the keys made through either", async () => {
    const statuses = [];
    for (let i = 0; statuses.filter((status) => status === 429).length < 2; i++) {
      const response = await fetch(new URL(KEYS_PATH, through(i).url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"plan":"free"}' });
      statuses.push(response.status);
    }

    expect(statuses.filter((status) => status === 201).length + keysIssued).toBe(KEY_REQUESTS);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });
});

describe('a sandbox process whose PostgreSQL or Redis does not answer', () => {
  it('stops, naming the service and its error, before it listens', async () => {
    const nobody = await freePort();
    await expect(startSandboxProcess({ [DATABASE_URL_ENV]: `postgres://sandbox@127.0.0.1:${nobody}/sandbox` })).rejects.toThrow(/exited \(1\)[^]*PostgreSQL at \S+ \(SANDBOX_DATABASE_URL\): connect ECONNREFUSED/);
    await expect(startSandboxProcess({ [DATABASE_URL_ENV]: shared.postgres.url, [REDIS_URL_ENV]: `redis://127.0.0.1:${nobody}` })).rejects.toThrow(/exited \(1\)[^]*Redis at \S+ \(SANDBOX_REDIS_URL\): connect ECONNREFUSED/);
  }, 120_000);
});
