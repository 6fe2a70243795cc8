// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leastBlockMs } from '../test-support/event-loop-block';
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

/**
 * The longest stretch the request held the sandbox's event loop, in CPU time (least of three after a
 * warm-up): a machine busy with other work lengthens wall time, not this.
 */
const blockMs = (path: string) => leastBlockMs(() => listed(path));

async function listed(path: string): Promise<{ totalResults: number; Resources: unknown[] }> {
  const response = await sandbox.scim(path, { key });
  return (await response.json()) as { totalResults: number; Resources: unknown[] };
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
  it(`answers GET /Users?count=1 without holding the sandbox ${BUDGET_MS} ms`, async () => {
    const first = await listed('/Users?count=1');
    const blocked = await blockMs('/Users?count=1');
    console.info(`GET /Users?count=1 with ${USERS} users and ${GROUPS}x${MEMBERS} memberships: blocks ${blocked.toFixed(1)} ms`);

    expect(first.totalResults).toBe(USERS);
    expect(first.Resources).toEqual([
      // 6000 memberships over 1000 users: load.user.0 is in groups 0, 50, ..., 250.
      expect.objectContaining({
        userName: 'load.user.0',
        groups: [0, 50, 100, 150, 200, 250].map((index) => expect.objectContaining({ display: `load group ${index}`, type: 'direct' })),
      }),
    ]);
    expect(blocked).toBeLessThan(BUDGET_MS);
  });

  it(`answers a filtered list without holding the sandbox ${BUDGET_MS} ms`, async () => {
    const path = `/Users?filter=${encodeURIComponent('userName sw "load.user.99"')}`;
    const filtered = await listed(path);
    expect(filtered.totalResults).toBe(11);
    expect(await blockMs(path)).toBeLessThan(BUDGET_MS);
  });
});
