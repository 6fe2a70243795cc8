import type { Request } from '@playwright/test';
import { API_KEY_STORAGE_NAME } from '../src/public/constants';
import { OWN_SERVER_PREFIX } from '../demo/own-server-storage';
import { DATABASE_ENV, IN_MEMORY_DATABASE } from '../demo/sandbox/config';
import { startSandboxProcess, type SandboxProcess } from '../test/support/sandbox-process';
import { expect, expectTenCreated, test } from './support/demo-site';

// The demo's "Your own server" card against a second sandbox, in a process of its own on another
// port: ten 201 lines and a Check, with a key the page keeps under the demo's own name in
// localStorage and sends to no other origin.

// The checks' own 401, 404 and 409 (a wrong key, an unknown id, a duplicate) are answers they ask for.
test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of (401|404|409)\b/] });

let other: SandboxProcess;
test.beforeAll(async () => {
  other = await startSandboxProcess({ [DATABASE_ENV]: IN_MEMORY_DATABASE });
});
test.afterAll(async () => {
  await other?.close();
});

test('the own-server card: ten 201 lines and a Check against another server; the key stays in localStorage and goes to no other origin', async ({ page, demo }) => {
  // The frame's first press waits for Vite to transform the element's chunks; Check then makes some twenty calls.
  test.setTimeout(180_000);
  const key = await other.createApiKey('pro');
  const sent: { url: string; headers: Record<string, string> }[] = [];
  const pending: Promise<void>[] = [];
  const record = (request: Request) => void pending.push(request.allHeaders().then((headers) => void sent.push({ url: request.url(), headers })));
  page.context().on('request', record);

  await page.goto(demo.url);
  const frame = page.frameLocator('[data-own-server-frame]');
  await frame.getByLabel('SCIM base URL').fill(other.scimUrl);
  await frame.getByLabel('API key').fill(key);
  await frame.getByRole('button', { name: 'Use this server' }).click();
  await expect(frame.locator('[data-own-server-status]')).toHaveText(`A key is stored in this browser for ${other.scimUrl}; it goes only to that base URL, in the Authorization header.`);

  const element = frame.locator('scim-generator');
  await element.getByRole('button', { name: 'Generate Users →' }).click();
  await expect(element.locator('[part~="result"]')).toHaveCount(10, { timeout: 60_000 });
  await expectTenCreated(element);
  await element.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(element.locator('[part="check-summary"]')).toContainText(/^\d+ passed, 0 failed, 0 warned, 0 skipped Copy report/, { timeout: 60_000 });

  // Kept under the demo's own name, never as the sandbox's key, and the field does not keep it.
  const stored = () => page.evaluate((names) => names.map((name) => localStorage.getItem(name)), [`${OWN_SERVER_PREFIX}${API_KEY_STORAGE_NAME}`, API_KEY_STORAGE_NAME]);
  expect(await stored()).toEqual([key, null]);
  await expect(frame.getByLabel('API key')).toHaveValue('');

  page.context().off('request', record);
  await Promise.all(pending);
  const carrying = sent.filter(({ url, headers }) => url.includes(key) || Object.values(headers).some((value) => value.includes(key)));
  expect(carrying.length).toBeGreaterThanOrEqual(11);
  for (const { url, headers } of carrying) {
    expect(new URL(url).origin).toBe(new URL(other.url).origin);
    expect(url).not.toContain(key);
    expect(headers.authorization).toBe(`Bearer ${key}`);
  }
  // The demo's own origin got requests, none of them with the key.
  expect(sent.some(({ url }) => new URL(url).origin === new URL(demo.url).origin)).toBe(true);

  await frame.getByRole('button', { name: 'Clear the key' }).click();
  expect(await stored()).toEqual([null, null]);
  await expect(frame.locator('[data-own-server-status]')).toHaveText(`No key is stored for ${other.scimUrl}: enter one to send with the calls.`);
});
