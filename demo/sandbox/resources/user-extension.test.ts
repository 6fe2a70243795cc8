// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from '../../../test/support/sandbox-process';
import { DATABASE_ENV } from '../config';
import { PATCH_SCHEMA, USER_SCHEMA } from '../test-support/test-sandbox';
import { USER_EXTENSION_ENV } from './user-extension';

// SANDBOX_USER_EXTENSION is process-wide (scimmy's declarations are), so each sandbox is a process.
const ACME_FILE = fileURLToPath(new URL('../extensions/acme-user.json', import.meta.url));
const ACME = 'urn:ietf:params:scim:schemas:extension:acme:2.0:User';
const ACME_VALUES = {
  costCenter: 'CC-1000',
  badgeNumber: 7,
  remoteWorker: false,
  startDate: '2024-01-02T00:00:00.000Z',
  workstation: { building: 'North', floor: 3 },
  certifications: ['first aid'],
};

let folder: string;
let sandbox: SandboxProcess;
let key: string;
let storedBefore: string;

const send = (path: string, method = 'GET', body?: unknown) =>
  fetch(`${sandbox.scimUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/scim+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'sandbox-extension-'));
  const database = join(folder, 'sandbox.db');
  const before = await startSandboxProcess({ [DATABASE_ENV]: database });
  key = await before.createApiKey('pro');
  sandbox = before;
  storedBefore = ((await (await send('/Users', 'POST', { schemas: [USER_SCHEMA], userName: 'from.before' })).json()) as { id: string }).id;
  await before.close();
  sandbox = await startSandboxProcess({ [DATABASE_ENV]: database, [USER_EXTENSION_ENV]: ACME_FILE });
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
});

it('reads and lists a User stored before the extension became required', async () => {
  const read = await send(`/Users/${storedBefore}`);
  expect(read.status).toBe(200);
  expect(await read.json()).toMatchObject({ id: storedBefore, userName: 'from.before' });

  const list = await send('/Users?filter=userName%20eq%20%22from.before%22');
  expect(list.status).toBe(200);
  expect(await list.json()).toMatchObject({ totalResults: 1, Resources: [{ id: storedBefore }] });
});

it('still requires the extension of every write: a create, a replace and a PATCH without it answer 400', async () => {
  const missing = { status: '400', scimType: 'invalidValue', detail: expect.stringContaining(ACME) };
  const create = await send('/Users', 'POST', { schemas: [USER_SCHEMA], userName: 'no.extension' });
  expect([create.status, await create.json()]).toEqual([400, expect.objectContaining(missing)]);
  const replace = await send(`/Users/${storedBefore}`, 'PUT', { schemas: [USER_SCHEMA], userName: 'from.before' });
  expect([replace.status, await replace.json()]).toEqual([400, expect.objectContaining(missing)]);
  const patch = await send(`/Users/${storedBefore}`, 'PATCH', { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'title', value: 'Engineer' }] });
  expect([patch.status, await patch.json()]).toEqual([400, expect.objectContaining(missing)]);
});

it('takes a write that carries it, and publishes it as required', async () => {
  const added = await send(`/Users/${storedBefore}`, 'PATCH', { schemas: [PATCH_SCHEMA], Operations: [{ op: 'add', value: { [ACME]: ACME_VALUES } }] });
  expect(added.status).toBe(200);
  expect(await added.json()).toMatchObject({ schemas: expect.arrayContaining([ACME]), [ACME]: ACME_VALUES });
  const created = await send('/Users', 'POST', { schemas: [USER_SCHEMA, ACME], userName: 'with.extension', [ACME]: ACME_VALUES });
  expect(created.status).toBe(201);

  const type = (await (await send('/ResourceTypes/User')).json()) as { schemaExtensions: { schema: string; required: boolean }[] };
  expect(type.schemaExtensions).toContainEqual({ schema: ACME, required: true });
});
