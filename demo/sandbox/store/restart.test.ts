// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../../../test/support/sandbox-process';
import { DATABASE_ENV } from '../config';
import { CURRENT_KEY_PATH } from '../shared/paths';
import { GROUP_SCHEMA, USER_SCHEMA } from '../test-support/test-sandbox';

// Issue 27: a restart forgot every key, and a key still in the browser got 401 on every press.
const running: SandboxProcess[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function started(database: string): Promise<SandboxProcess> {
  const sandbox = await startSandboxProcess({ [DATABASE_ENV]: database });
  running.push(sandbox);
  return sandbox;
}

function send(sandbox: SandboxProcess, key: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${sandbox.scimUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/scim+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

it('keeps keys, users and groups across a restart of the process, in the SANDBOX_DB file', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'sandbox-restart-'));
  folders.push(folder);
  const database = join(folder, 'sandbox.db');

  const before = await started(database);
  const key = await before.createApiKey('pro');
  const created = await send(before, key, '/Users', { schemas: [USER_SCHEMA], userName: 'survivor' });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await send(before, key, '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'survivors', members: [{ value: id }] })).status).toBe(201);
  await before.close();

  const after = await started(database);
  const current = await fetch(new URL(CURRENT_KEY_PATH, after.url), { headers: { Authorization: `Bearer ${key}` } });
  expect(current.status).toBe(200);
  expect(await current.json()).toEqual({ plan: 'pro', limit: 1000 });
  const user = await send(after, key, `/Users/${id}`);
  expect(user.status).toBe(200);
  expect(await user.json()).toMatchObject({ userName: 'survivor', groups: [{ display: 'survivors', type: 'direct' }] });
  // The name is still taken in that key's tenant.
  expect((await send(after, key, '/Users', { schemas: [USER_SCHEMA], userName: 'survivor' })).status).toBe(409);
}, 60_000);
