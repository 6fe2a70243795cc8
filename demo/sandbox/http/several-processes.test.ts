// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/free-port';
import { startPostgresCluster, type PostgresCluster } from '../../../test/support/postgres';
import { startRedisServer, type RedisServer } from '../../../test/support/redis';
import { startSandboxProcess, type SandboxProcess } from '../../../test/support/sandbox-process';
import { DATABASE_URL_ENV, ENV_NAMES, REDIS_URL_ENV } from '../config';
import { CURRENT_KEY_PATH, KEYS_PATH } from '../shared/paths';
import { GROUP_SCHEMA, PATCH_SCHEMA, USER_SCHEMA } from '../test-support/test-sandbox';

// Two sandbox processes on one PostgreSQL and one Redis, each started once for the file: what a
// proxy in front of them would spread its requests over.
const FREE_LIMIT = 10;
const TENANT_MAX_RESOURCES = 210;
const KEY_REQUESTS = 8;

let postgres: PostgresCluster;
let redis: RedisServer;
let sandboxes: [SandboxProcess, SandboxProcess];
let keysIssued = 0;

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgresCluster(), startRedisServer()]);
  const env = {
    [DATABASE_URL_ENV]: postgres.url,
    [REDIS_URL_ENV]: redis.url,
    [ENV_NAMES.freeLimit]: String(FREE_LIMIT),
    [ENV_NAMES.proLimit]: '100000',
    [ENV_NAMES.tenantMaxResources]: String(TENANT_MAX_RESOURCES),
    [ENV_NAMES.keyRequestLimit]: String(KEY_REQUESTS),
    [ENV_NAMES.maxConnectionsPerAddress]: '1000',
    // A group of 200 members holds 200 values.
    [ENV_NAMES.maxValues]: '200',
  };
  sandboxes = [await startSandboxProcess(env), await startSandboxProcess(env)];
}, 60_000);

afterAll(async () => {
  await Promise.all((sandboxes ?? []).map((sandbox) => sandbox.close()));
  await Promise.all([postgres?.stop(), redis?.stop()]);
});

/** Through the first or the second process, by `i`'s parity: as a round-robin proxy would. */
const through = (i: number): SandboxProcess => sandboxes[i % 2] as SandboxProcess;

async function keyFrom(sandbox: SandboxProcess, plan: 'free' | 'pro' = 'pro'): Promise<string> {
  const key = await sandbox.createApiKey(plan);
  keysIssued++;
  return key;
}

function send(sandbox: SandboxProcess, key: string, path: string, method = 'GET', body?: unknown): Promise<Response> {
  return fetch(`${sandbox.scimUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/scim+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function createUsers(key: string, count: number, prefix: string): Promise<Response[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(through(i), key, '/Users', 'POST', { schemas: [USER_SCHEMA], userName: `${prefix}.${i}` })));
}

describe('two sandbox processes on one PostgreSQL and one Redis', () => {
  it('take a key made through one in the other', async () => {
    const [first, second] = sandboxes;
    const key = await keyFrom(first);

    expect((await send(second, key, '/Users')).status).toBe(200);
    const current = await fetch(new URL(CURRENT_KEY_PATH, second.url), { headers: { Authorization: `Bearer ${key}` } });
    expect([current.status, await current.json()]).toEqual([200, { plan: 'pro', limit: 100000 }]);
  });

  it('answer 409 through one for a userName taken through the other, and show each what the other wrote', async () => {
    const [first, second] = sandboxes;
    const key = await keyFrom(second);
    const created = await send(first, key, '/Users', 'POST', { schemas: [USER_SCHEMA], userName: 'taken' });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const again = await send(second, key, '/Users', 'POST', { schemas: [USER_SCHEMA], userName: 'TAKEN' });
    expect([again.status, ((await again.json()) as { scimType?: string }).scimType]).toEqual([409, 'uniqueness']);
    expect(await (await send(second, key, `/Users/${id}`)).json()).toMatchObject({ id, userName: 'taken' });
  });

  it("share a tenant's limits: of 220 creates sent at once through both, exactly the limit's 210 are made", async () => {
    const key = await keyFrom(sandboxes[0]);
    const statuses = (await createUsers(key, TENANT_MAX_RESOURCES + 10, 'limit')).map(({ status }) => status);

    expect(statuses.filter((status) => status === 201)).toHaveLength(TENANT_MAX_RESOURCES);
    expect(statuses.filter((status) => status === 403)).toHaveLength(10);
    const list = (await (await send(sandboxes[1], key, '/Users?count=1')).json()) as { totalResults: number };
    expect(list.totalResults).toBe(TENANT_MAX_RESOURCES);
  });

  it("share a key's request budget: through both together it makes as many requests as through one", async () => {
    const key = await keyFrom(sandboxes[1], 'free');
    const statuses = [];
    for (let i = 0; i < FREE_LIMIT + 2; i++) statuses.push((await send(through(i), key, '/Users')).status);

    expect(statuses).toEqual([...Array<number>(FREE_LIMIT).fill(200), 429, 429]);
  });

  it('apply every one of 200 member PATCHes of one group sent at once through both', async () => {
    const key = await keyFrom(sandboxes[0]);
    const members = await Promise.all((await createUsers(key, 200, 'member')).map(async (response) => ((await response.json()) as { id: string }).id));
    const group = (await (await send(sandboxes[1], key, '/Groups', 'POST', { schemas: [GROUP_SCHEMA], displayName: 'everyone' })).json()) as { id: string };

    const patches = await Promise.all(
      members.map((value, i) => send(through(i), key, `/Groups/${group.id}`, 'PATCH', { schemas: [PATCH_SCHEMA], Operations: [{ op: 'add', path: 'members', value: [{ value }] }] })),
    );

    expect(patches.map(({ status }) => status)).toEqual(members.map(() => 200));
    const stored = (await (await send(sandboxes[0], key, `/Groups/${group.id}`)).json()) as { members: { value: string }[] };
    expect(stored.members.map(({ value }) => value).sort()).toEqual([...members].sort());
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
    await expect(startSandboxProcess({ [DATABASE_URL_ENV]: postgres.url, [REDIS_URL_ENV]: `redis://127.0.0.1:${nobody}` })).rejects.toThrow(/exited \(1\)[^]*Redis at \S+ \(SANDBOX_REDIS_URL\): connect ECONNREFUSED/);
  }, 30_000);
});
