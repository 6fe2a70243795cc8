// @vitest-environment node
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { SandboxProcess } from '../../../test/support/sandbox-process';
import { ENV_NAMES } from '../config';
import { CURRENT_KEY_PATH, KEYS_PATH } from '../shared/paths';
import { twoProcessesOnSharedServices } from '../test-support/shared-services';
import { ERROR_SCHEMA, GROUP_SCHEMA, PATCH_SCHEMA, USER_SCHEMA } from '../test-support/test-sandbox';

// Two sandbox processes on one PostgreSQL and one Redis of the file's own, which the tests stop,
// restart and cut off under them: a failover, an administrator's pg_terminate_backend, a Redis gone.
const shared = twoProcessesOnSharedServices({
  [ENV_NAMES.proLimit]: '100000',
  [ENV_NAMES.maxConnectionsPerAddress]: '1000',
  [ENV_NAMES.maxValues]: '1000',
  // The writers' PATCHes of one group wait for each other; on a loaded machine longer than the default 10 s.
  [ENV_NAMES.lockWaitMs]: '600000',
});

interface Answer {
  status: number | 'no answer';
  retryAfter: string | null;
  body: string;
}

async function send(sandbox: SandboxProcess, key: string, path: string, method = 'GET', body?: unknown): Promise<Answer> {
  try {
    const response = await fetch(`${sandbox.scimUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/scim+json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    return { status: response.status, retryAfter: response.headers.get('Retry-After'), body: await response.text() };
  } catch (error) {
    return { status: 'no answer', retryAfter: null, body: String((error as Error).cause ?? error) };
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Creates (users) and member PATCHes (of one group, so that each holds a lock) through both
 * processes from 8 writers, until `fault` (told how many answers came so far) has run and each process has made a user again.
 * Resolves with every answer and the userNames answered 201.
 */
async function writeThrough(fault: (answered: () => number) => Promise<void>): Promise<{ answers: Answer[]; created: string[] }> {
  const key = await shared.sandboxes[0].createApiKey('pro');
  const group = JSON.parse((await send(shared.sandboxes[0], key, '/Groups', 'POST', { schemas: [GROUP_SCHEMA], displayName: 'writers' })).body) as { id: string };
  const answers: Answer[] = [];
  const created: string[] = [];
  let writing = true;
  let n = 0;
  const writer = async (w: number) => {
    while (writing) {
      const i = n++;
      const through = shared.sandboxes[(w + i) % 2] as SandboxProcess;
      const userName = `writer.${i}`;
      const answer = await send(through, key, '/Users', 'POST', { schemas: [USER_SCHEMA], userName });
      answers.push(answer);
      if (answer.status === 201) {
        created.push(userName);
        const { id } = JSON.parse(answer.body) as { id: string };
        answers.push(await send(through, key, `/Groups/${group.id}`, 'PATCH', { schemas: [PATCH_SCHEMA], Operations: [{ op: 'add', path: 'members', value: [{ value: id }] }] }));
      }
    }
  };
  const writers = Array.from({ length: 8 }, (_, w) => writer(w));
  try {
    await expect.poll(() => answers.length, { timeout: 30_000 }).toBeGreaterThan(40);
    await fault(() => answers.length);
    // Each process makes a user again: it is up and has reconnected.
    for (const sandbox of shared.sandboxes) {
      await expect
        .poll(async () => (await send(sandbox, key, '/Users', 'POST', { schemas: [USER_SCHEMA], userName: `after.${n++}` })).status, { timeout: 30_000, interval: 200 })
        .toBe(201);
    }
  } finally {
    writing = false;
    await Promise.all(writers);
  }
  expect(await userNames(key, 'writer.'), 'every user answered 201 is kept').toEqual(expect.arrayContaining(created));
  return { answers, created };
}

/** The userNames of the key's users that start with `prefix`, page after page. */
async function userNames(key: string, prefix: string): Promise<string[]> {
  const names: string[] = [];
  const filter = encodeURIComponent(`userName sw "${prefix}"`);
  for (let total = Infinity; names.length < total; ) {
    const page = JSON.parse((await send(shared.sandboxes[1], key, `/Users?filter=${filter}&startIndex=${names.length + 1}&count=200`)).body) as { totalResults: number; Resources: { userName: string }[] };
    names.push(...page.Resources.map(({ userName }) => userName));
    total = page.Resources.length === 0 ? names.length : page.totalResults;
  }
  return names;
}

/** Every answer a success, or a SCIM 503 with Retry-After; and some 503s that name PostgreSQL, so the fault was met. */
function expectSuccessOr503(answers: Answer[]): void {
  const failed = answers.filter(({ status }) => status !== 200 && status !== 201);
  for (const answer of failed) {
    expect(answer).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
    expect(JSON.parse(answer.body)).toMatchObject({ schemas: [ERROR_SCHEMA], status: '503', detail: expect.any(String) });
  }
  expect(failed.filter(({ body }) => body.includes('PostgreSQL')).length, 'writes met the fault').toBeGreaterThan(0);
}

describe('sandbox processes whose PostgreSQL goes away mid-write', () => {
  it('answer 503 with Retry-After while it restarts (fast shutdown, 2 s down), stay up, reconnect, and lose no acknowledged write', async () => {
    const { answers } = await writeThrough(() => shared.postgres.restart(2000));

    expectSuccessOr503(answers);
    expect(shared.sandboxes.map(({ pid }) => isAlive(pid))).toEqual([true, true]);
  }, 120_000);

  it("answer 503 with Retry-After when an administrator ends every one of their sessions (pg_terminate_backend), and go on", async () => {
    const admin = new pg.Client({ connectionString: shared.postgres.url });
    await admin.connect();
    const terminateAll = () => admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = current_database()');
    try {
      const { answers } = await writeThrough(async (answered) => {
        // Three times, some writes apart, so that sessions are ended in the middle of transactions and while locks are held.
        for (let round = 0; round < 3; round++) {
          const before = answered();
          await terminateAll();
          await expect.poll(() => answered() - before, { timeout: 30_000 }).toBeGreaterThan(10);
        }
      });
      expectSuccessOr503(answers);
    } finally {
      await admin.end();
    }
    expect(shared.sandboxes.map(({ pid }) => isAlive(pid))).toEqual([true, true]);
  }, 120_000);
});

describe('sandbox processes whose Redis goes away', () => {
  // Last in the file: Redis stays down.
  it('answer the key routes with a JSON error of their own, 503 with Retry-After, and SCIM calls with a SCIM 503', async () => {
    const key = await shared.sandboxes[0].createApiKey('pro');
    await shared.redis.stop();

    for (const sandbox of shared.sandboxes) {
      const issued = await fetch(new URL(KEYS_PATH, sandbox.url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"plan":"free"}', signal: AbortSignal.timeout(10_000) });
      const checked = await fetch(new URL(CURRENT_KEY_PATH, sandbox.url), { headers: { Authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(10_000) });
      for (const response of [issued, checked]) {
        expect([response.status, response.headers.get('Retry-After'), response.headers.get('Content-Type')]).toEqual([503, expect.stringMatching(/^\d+$/), expect.stringMatching(/json/)]);
        const text = await response.text();
        expect(JSON.parse(text)).toMatchObject({ status: '503', detail: expect.stringMatching(/Redis/) });
        expect(text).not.toMatch(/ at |<html|<pre/i);
      }
      const scim = await send(sandbox, key, '/Users');
      expect([scim.status, scim.retryAfter]).toEqual([503, expect.stringMatching(/^\d+$/)]);
      expect(JSON.parse(scim.body)).toMatchObject({ schemas: [ERROR_SCHEMA], status: '503' });
    }
    expect(shared.sandboxes.map(({ pid }) => isAlive(pid))).toEqual([true, true]);
  }, 60_000);
});
