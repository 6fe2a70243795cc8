// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_SCHEMA, newUser, startSandbox, type RunningSandbox } from '../test-support/test-sandbox';

const USERS = 1000;
const GROUPS = 300;
const MEMBERS = 20;
const BUDGET_MS = 100;

let sandbox: RunningSandbox;
let key: string;

async function create(path: string, body: unknown): Promise<string> {
  const response = await sandbox.scim(path, { method: 'POST', key, body });
  if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

/** Runs `task` for 0..count-1, `width` at a time. */
async function inBatches<T>(count: number, width: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += width) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, offset) => task(start + offset)))));
  }
  return results;
}

/** The median of five timed runs after a warm-up, so one garbage collection or a busy machine's hiccup does not decide it. */
async function medianMs(path: string): Promise<number> {
  await timed(path);
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) runs.push((await timed(path)).ms);
  return runs.sort((a, b) => a - b)[2] ?? Infinity;
}

async function timed(path: string): Promise<{ ms: number; body: { totalResults: number; Resources: unknown[] } }> {
  const started = performance.now();
  const response = await sandbox.scim(path, { key });
  const body = (await response.json()) as { totalResults: number; Resources: unknown[] };
  return { ms: performance.now() - started, body };
}

beforeAll(async () => {
  sandbox = await startSandbox({ proLimit: 10_000 });
  key = await sandbox.createKey('pro');
  // One at a time, so the store's order (oldest first) is the order of the names.
  const userIds = await inBatches(USERS, 1, (index) => create('/Users', newUser(`load.user.${index}`)));
  await inBatches(GROUPS, 20, (index) =>
    create('/Groups', {
      schemas: [GROUP_SCHEMA],
      displayName: `load group ${index}`,
      members: Array.from({ length: MEMBERS }, (_, member) => ({ value: userIds[(index * MEMBERS + member) % USERS] })),
    }),
  );
}, 120_000);

afterAll(() => sandbox.close());

describe(`a store of ${USERS} users and ${GROUPS} groups of ${MEMBERS} members`, () => {
  it(`answers GET /Users?count=1 in under ${BUDGET_MS} ms`, async () => {
    const first = await timed('/Users?count=1');
    const median = await medianMs('/Users?count=1');
    console.info(`GET /Users?count=1 with ${USERS} users and ${GROUPS}x${MEMBERS} memberships: median ${median.toFixed(1)} ms`);

    expect(first.body.totalResults).toBe(USERS);
    expect(first.body.Resources).toEqual([
      // 6000 memberships over 1000 users: load.user.0 is in groups 0, 50, ..., 250.
      expect.objectContaining({
        userName: 'load.user.0',
        groups: [0, 50, 100, 150, 200, 250].map((index) => expect.objectContaining({ display: `load group ${index}`, type: 'direct' })),
      }),
    ]);
    expect(median).toBeLessThan(BUDGET_MS);
  });

  it(`answers a filtered list and a read of one user in under ${BUDGET_MS} ms`, async () => {
    const path = `/Users?filter=${encodeURIComponent('userName sw "load.user.99"')}`;
    const filtered = await timed(path);
    expect(filtered.body.totalResults).toBe(11);
    expect(await medianMs(path)).toBeLessThan(BUDGET_MS);
  });
});
