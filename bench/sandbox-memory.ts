/**
 * What 2,000 creates of a User with a 95 KB title cost the sandbox process in memory (issue 27, M6):
 * `npx tsx bench/sandbox-memory.ts`. The sandbox runs as `npm run sandbox` does, in a process of its
 * own with its database in a fresh temporary folder; its resident set size is read from /proc.
 * Ten Pro keys make 200 creates each (a key holds at most 20 MB, so one key would be refused
 * after about 210), then one key tries 2,000 more.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandboxProcess } from '../test/support/sandbox-process';
import { DATABASE_ENV } from '../demo/sandbox/config';
import { SCIM_CONTENT_TYPE, USER_SCHEMA } from '../src/scim/protocol';

const KEYS = 10;
const CREATES_PER_KEY = 200;
const TITLE = 'x'.repeat(95 * 1024);
const PARALLEL = 4;

function residentMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

const folder = mkdtempSync(join(tmpdir(), 'sandbox-memory-'));
const database = join(folder, 'sandbox.db');
const sandbox = await startSandboxProcess({ [DATABASE_ENV]: database, SANDBOX_PRO_LIMIT: '100000', SANDBOX_KEY_REQUESTS_PER_WINDOW: '1000' });
try {
  const keys = await Promise.all(Array.from({ length: KEYS }, () => sandbox.createApiKey('pro')));
  const statuses = new Map<number, number>();
  let sent = 0;
  const create = async (key: string) => {
    const response = await fetch(`${sandbox.scimUrl}/Users`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': SCIM_CONTENT_TYPE },
      body: JSON.stringify({ schemas: [USER_SCHEMA], userName: `big.${sent++}`, title: TITLE }),
    });
    await response.arrayBuffer();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  };
  const createAll = async (key: string, count: number) => {
    for (let done = 0; done < count; done += PARALLEL) await Promise.all(Array.from({ length: Math.min(PARALLEL, count - done) }, () => create(key)));
  };

  await createAll(keys[0] ?? '', 1);
  const before = residentMb(sandbox.pid);
  const started = performance.now();
  for (const key of keys) await createAll(key, CREATES_PER_KEY - (key === keys[0] ? 1 : 0));
  const afterSpread = residentMb(sandbox.pid);
  await createAll(keys[0] ?? '', 2000);
  const afterOneKey = residentMb(sandbox.pid);
  for (const key of keys) {
    const response = await fetch(`${sandbox.scimUrl}/Users?count=200`, { headers: { Authorization: `Bearer ${key}` } });
    await response.arrayBuffer();
  }
  const afterLists = residentMb(sandbox.pid);

  console.log(`| measure | value |\n|---|---|`);
  console.log(`| resident set before | ${before.toFixed(0)} MB |`);
  console.log(`| after ${KEYS} keys x ${CREATES_PER_KEY} creates of a 95 KB title | ${afterSpread.toFixed(0)} MB (+${(afterSpread - before).toFixed(0)} MB) |`);
  console.log(`| after 2,000 more creates with one key | ${afterOneKey.toFixed(0)} MB (+${(afterOneKey - before).toFixed(0)} MB) |`);
  console.log(`| after a GET /Users?count=200 per key | ${afterLists.toFixed(0)} MB (+${(afterLists - before).toFixed(0)} MB) |`);
  console.log(`| answers | ${[...statuses].map(([status, count]) => `${count} x ${status}`).join(', ')} |`);
  console.log(`| database file | ${(statSync(database).size / 1024 / 1024).toFixed(0)} MB |`);
  console.log(`| time | ${((performance.now() - started) / 1000).toFixed(0)} s |`);
} finally {
  await sandbox.close();
  rmSync(folder, { recursive: true, force: true });
}
