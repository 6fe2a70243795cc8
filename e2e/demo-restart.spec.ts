import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoServer } from '../demo/server';
import { startTestDemoServer } from './support/demo-server';
import { CURRENT_KEY_PATH, SCIM_PATH } from '../demo/sandbox/shared/paths';
import { API_KEY_STORAGE_NAME } from '../src/public/constants';
import { createKeyOnKeyPage, expectTenCreated, pressAndSettle } from './support/demo-site';
import { expect, test } from './support/page-errors';

// Issue 27: after a restart of `npm start` the demo still said "A Pro key is stored", but every
// press got 401: the sandbox kept its keys in memory. It keeps them in its database file now.
test('after a restart of npm start, the stored key still works and the Users it made are still there', async ({ page }) => {
  const folder = mkdtempSync(join(tmpdir(), 'demo-restart-'));
  const sandbox = { database: join(folder, 'sandbox.db') };
  let server: DemoServer | undefined = await startTestDemoServer({ sandbox });
  try {
    const { port } = new URL(server.url);
    await page.goto(new URL('/apikey/', server.url).href);
    await createKeyOnKeyPage(page, 'pro');
    await page.goto(server.url);
    await expectTenCreated(await pressAndSettle(page, 'Users'));

    // Away from the page first, so Vite's client does not reload it while the server is down.
    await page.goto('about:blank');
    await server.close();
    server = undefined;
    // The same origin, so the browser still holds the key for it.
    server = await startTestDemoServer({ port: Number(port), sandbox });

    const keyChecked = page.waitForResponse((response) => response.url().endsWith(CURRENT_KEY_PATH));
    await page.goto(server.url);
    expect((await keyChecked).status()).toBe(200);
    await expect(page.locator('[data-key-status]')).toHaveText(/^A Pro key is stored in this browser\./);
    await expectTenCreated(await pressAndSettle(page, 'Users'));

    const key = await page.evaluate((name) => localStorage.getItem(name), API_KEY_STORAGE_NAME);
    const users = await fetch(new URL(`${SCIM_PATH}/Users`, server.url), { headers: { Authorization: `Bearer ${key}` } });
    expect(((await users.json()) as { totalResults: number }).totalResults).toBe(20);
  } finally {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
