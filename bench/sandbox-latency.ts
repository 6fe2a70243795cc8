/**
 * Create and list latency of the sandbox SCIM provider holding 1,000 users, on SQLite and on
 * PostgreSQL: `npm run bench:sandbox`. The sandbox runs in this process; SQLite in a file in a fresh
 * temporary folder, PostgreSQL in a private cluster this starts (Debian's postgresql), a fresh
 * database each round. Each figure is the median of ROUNDS rounds, each on a fresh sandbox.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgresCluster } from '../test/support/postgres';
import { createSandbox, SCIM_PATH, type SandboxOptions } from '../demo/sandbox/http/app';
import { createApiKey } from '../demo/sandbox/keys/key-client';
import { SCIM_CONTENT_TYPE, USER_SCHEMA } from '../src/scim/protocol';

const USERS = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LIST_RUNS = 30;
const LISTS = [
  '/Users',
  '/Users?count=100',
  '/Users?startIndex=901&count=100',
  `/Users?filter=${encodeURIComponent('userName eq "bench.user.500"')}`,
  `/Users?filter=${encodeURIComponent('userName sw "bench.user.9"')}&count=100`,
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const percentile95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? NaN;

async function timed(url: string, init: RequestInit, expected: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  if (response.status !== expected) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}`);
  return performance.now() - started;
}

async function round(storage: SandboxOptions): Promise<Record<string, number>> {
  const app = createSandbox({ freeLimit: 100_000, proLimit: 100_000, ...storage });
  await app.ready();
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const key = await createApiKey(origin, 'pro');
    const headers = { Authorization: `Bearer ${key}`, Accept: SCIM_CONTENT_TYPE, 'Content-Type': SCIM_CONTENT_TYPE };
    const creates: number[] = [];
    for (let index = 0; index < USERS; index++) {
      const body = JSON.stringify({
        schemas: [USER_SCHEMA],
        userName: `bench.user.${index}`,
        name: { givenName: 'Bench', familyName: `User ${index}` },
        emails: [{ value: `bench.user.${index}@example.org`, type: 'work', primary: true }],
        active: true,
      });
      creates.push(await timed(`${origin}${SCIM_PATH}/Users`, { method: 'POST', headers, body }, 201));
    }
    const figures: Record<string, number> = {
      'create, median (ms)': median(creates),
      'create, p95 (ms)': percentile95(creates),
      'create, last 100, median (ms)': median(creates.slice(-100)),
    };
    for (const path of LISTS) {
      const runs: number[] = [];
      for (let run = 0; run < LIST_RUNS; run++) runs.push(await timed(`${origin}${SCIM_PATH}${path}`, { headers }, 200));
      figures[`GET ${decodeURIComponent(path)}, median (ms)`] = median(runs);
    }
    return figures;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.closeStore();
  }
}

async function sqliteRound(): Promise<Record<string, number>> {
  const folder = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
  try {
    return await round({ database: join(folder, 'sandbox.db') });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const sqlite: Record<string, number>[] = [];
for (let index = 0; index < ROUNDS; index++) sqlite.push(await sqliteRound());
const postgres: Record<string, number>[] = [];
const cluster = await startPostgresCluster();
try {
  for (let index = 0; index < ROUNDS; index++) {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE bench_${index}`);
    await admin.end();
    postgres.push(await round({ databaseUrl: cluster.url.replace(/\/postgres$/, `/bench_${index}`) }));
  }
} finally {
  await cluster.stop();
}

const figure = (rounds: Record<string, number>[], name: string) => median(rounds.map((figures) => figures[name] ?? NaN)).toFixed(2);
console.log(`| sandbox with ${USERS} users, median of ${ROUNDS} rounds | SQLite (ms) | PostgreSQL (ms) |\n|---|---|---|`);
for (const name of Object.keys(sqlite[0] ?? {})) {
  console.log(`| ${name.replace(' (ms)', '')} | ${figure(sqlite, name)} | ${figure(postgres, name)} |`);
}
