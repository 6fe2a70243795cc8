import type { Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DemoServer } from '../demo/server';
import { startTestDemoServer } from './support/demo-server';
import { failedLoadLine } from './support/page-errors';
import { createKeyOnKeyPage, expect, expectTenCreated, pressAndSettle, test } from './support/demo-site';

// Pictures the demo's main states, each after its state is reached (a state that cannot be reached
// fails the test). It checks states, not pixels. A test run writes them to test-results/, so it leaves
// the work tree clean; `npm run screenshots` (UPDATE_SCREENSHOTS=1) writes the README's copies in docs/.
// Each test has its own server, so the Groups of one cannot collide with another's (a repeated name answers 409).
const folder = process.env.UPDATE_SCREENSHOTS ? '../docs/' : '../test-results/screenshots/';
const picture = (name: string) => fileURLToPath(new URL(`${folder}${name}`, import.meta.url));
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let server: DemoServer;
test.beforeEach(async () => {
  server = await startTestDemoServer();
});
// The page first: the element may still be fetching its lazy chunk (it starts after first paint),
// and a server closed under it answers 504, which the page logs as errors.
test.afterEach(async ({ page }) => {
  await page.close();
  await server?.close();
});

/** What the pictures show: their names and the demo's cards at the time, for test/docs/screenshots.test.ts. */
const RECORD = fileURLToPath(new URL('../docs/screenshots.json', import.meta.url));

async function snap(page: Page, name: string, fullPage: boolean) {
  const record = JSON.parse(readFileSync(RECORD, 'utf8')) as { pictures: string[]; cards: string[] };
  expect(record.pictures, 'docs/screenshots.json lists every picture this spec takes').toContain(name);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: picture(name), fullPage, animations: 'disabled', caret: 'hide' });
  if (!process.env.UPDATE_SCREENSHOTS || page.url() !== server.url) return;
  // The generators page: the cards this picture shows are the ones the record lists.
  const cards = (await page.locator('section[data-page="/"] .card h2').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
  writeFileSync(RECORD, `${JSON.stringify({ ...record, cards }, null, 2)}\n`);
}

/** With a Pro key made on the key page, ten Users and ten Groups created on the generators page. */
async function tenOfEach(page: Page) {
  await page.goto(new URL('/apikey/', server.url).href);
  await createKeyOnKeyPage(page, 'pro');
  await page.getByRole('navigation').getByRole('link', { name: 'Generators' }).click();
  await expectTenCreated(await pressAndSettle(page, 'Users'));
  await expectTenCreated(await pressAndSettle(page, 'Groups'));
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`desktop, ${colorScheme}: ten created Users and ten Groups`, async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme });
    await tenOfEach(page);
    await snap(page, `demo-${colorScheme}.png`, true);
  });
}

test.describe('phone', () => {
  test.use({ expectedConsoleErrors: [failedLoadLine(401)] });

  test('phone, light: the 401 notice before a key is made', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(server.url);
    const users = await pressAndSettle(page, 'Users');
    const notice = users.locator('[part="notice"]');
    await expect(notice).toContainText('Warning: You are not authenticated.');
    await notice.scrollIntoViewIfNeeded();
    await snap(page, 'demo-phone-401.png', false);
  });

  test('phone, dark: the key page with a Free key', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(new URL('/apikey/', server.url).href);
    await createKeyOnKeyPage(page, 'free');
    await expect(page.locator('[data-key-value]')).not.toBeEmpty();
    await snap(page, 'key-page-phone-dark.png', true);
  });
});
