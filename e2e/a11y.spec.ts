import { pressAction } from './support/actions';
import { blockingViolations, runAxe } from './support/axe';
import { failedLoadLine } from './support/page-errors';
import { test, expect } from './support/site-test';
import { generateAndExpectCreated, generateBatch, generateButton, storeApiKey } from './support/generator';
import { createKeyOnKeyPage, expectTenCreated, pressAndSettle, test as demoTest } from './support/demo-site';

// axe-core on a page with the element in each state a user can see. A Free key allows one
// request here, so the 429 notice is one request away.
test.use({ sandboxOptions: { freeLimit: 1 } });

test('idle: button and checkbox', async ({ page, site }, testInfo) => {
  await storeApiKey(page, await site.createApiKey('pro'));
  await page.goto(`${site.url}iife.html`);
  await expect(generateButton(page.locator('scim-generator'))).toBeVisible();

  expect(blockingViolations(await runAxe(page, testInfo, 'idle'))).toEqual([]);
});

test('with ten result lines', async ({ page, site }, testInfo) => {
  await storeApiKey(page, await site.createApiKey('pro'));
  await page.goto(`${site.url}iife.html`);
  const element = page.locator('scim-generator');
  await generateAndExpectCreated(element);

  expect(blockingViolations(await runAxe(page, testInfo, 'result lines'))).toEqual([]);
});

test.describe('after Delete', () => {
  // Its read-back GET asks for a 404 (RFC 7644 §3.6), which Chromium logs as a failed load.
  test.use({ expectedConsoleErrors: [failedLoadLine(404)] });

  test('outcomes on the lines, action buttons disabled with their reason', async ({ page, site }, testInfo) => {
    await storeApiKey(page, await site.createApiKey('pro'));
    await page.goto(`${site.url}iife.html`);
    const element = page.locator('scim-generator');
    await generateAndExpectCreated(element);
    await pressAction(element, 'Delete');
    await expect(element.locator('[part="action-status"]')).toHaveText(/^Nothing left to act on/);

    expect(blockingViolations(await runAxe(page, testInfo, 'after delete'))).toEqual([]);
  });
});

test.describe('after Check', () => {
  // The duplicate check's 409 and the unknown id's 404 are answers Check asks for.
  test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of (401|404|409)\b/] });

  test('the report: a line per check with its Details, the summary and Copy report', async ({ page, site }, testInfo) => {
    await storeApiKey(page, await site.createApiKey('pro'));
    await page.goto(`${site.url}iife.html`);
    const element = page.locator('scim-generator');
    await generateAndExpectCreated(element);
    await element.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(element.locator('[part="check-summary"]')).toHaveText(/^13 passed, 0 failed, 0 warned, 0 skipped/);
    await element.locator('[part~="check"]').first().getByRole('button', { name: 'Details' }).click();

    expect(blockingViolations(await runAxe(page, testInfo, 'check report'))).toEqual([]);
  });
});

test('with ten result lines on a dark page', async ({ page, site }, testInfo) => {
  await storeApiKey(page, await site.createApiKey('pro'));
  await page.goto(`${site.url}iife.html`);
  await page.addStyleTag({ content: 'body { background: #111827; color: #f3f4f6 }' });
  const element = page.locator('scim-generator');
  await generateAndExpectCreated(element);

  expect(blockingViolations(await runAxe(page, testInfo, 'result lines, dark page'))).toEqual([]);
});

test.describe('with the 401 notice', () => {
  test.use({ expectedConsoleErrors: [failedLoadLine(401)] });

  test('no stored key', async ({ page, site }, testInfo) => {
    await page.goto(`${site.url}iife.html`);
    const element = page.locator('scim-generator');
    await generateBatch(element);
    await expect(element.getByText('Warning: You are not authenticated.')).toBeVisible();

    expect(blockingViolations(await runAxe(page, testInfo, '401 notice'))).toEqual([]);
  });
});

test.describe('with the 429 notice', () => {
  test.use({ expectedConsoleErrors: [failedLoadLine(429)] });

  test('a Free key past its limit', async ({ page, site }, testInfo) => {
    const freeKey = await site.createApiKey('free');
    await site.heldNames(freeKey, 'Users'); // the one request the key allows
    await storeApiKey(page, freeKey);
    await page.goto(`${site.url}iife.html`);
    const element = page.locator('scim-generator');
    await generateBatch(element);
    await expect(element.getByText('Rate Limit Exceeded: Your API key has reached its request limit.')).toBeVisible();

    expect(blockingViolations(await runAxe(page, testInfo, '429 notice'))).toEqual([]);
  });
});

// The demo as `npm start` serves it, in the system's light and dark colour schemes.
for (const colorScheme of ['light', 'dark'] as const) {
  demoTest.describe(`the demo, ${colorScheme}`, () => {
    demoTest.use({ colorScheme, expectedConsoleErrors: [failedLoadLine(401)] });

    demoTest('401 notice, key page with a key, ten created lines', async ({ page, demo }, testInfo) => {
      await page.goto(demo.url);
      const groups = await pressAndSettle(page, 'Groups');
      await expect(groups.getByText('Warning: You are not authenticated.')).toBeVisible();
      expect(blockingViolations(await runAxe(page, testInfo, `demo ${colorScheme}, 401 notice`))).toEqual([]);

      await page.getByRole('navigation').getByRole('link', { name: 'API key' }).click();
      await createKeyOnKeyPage(page, 'free');
      expect(blockingViolations(await runAxe(page, testInfo, `demo ${colorScheme}, key page`))).toEqual([]);

      await page.getByRole('navigation').getByRole('link', { name: 'Generators' }).click();
      await expectTenCreated(await pressAndSettle(page, 'Users'));
      expect(blockingViolations(await runAxe(page, testInfo, `demo ${colorScheme}, ten lines`))).toEqual([]);
    });
  });
}
