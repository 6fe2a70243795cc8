import express from 'express';
import { fileURLToPath } from 'node:url';
import { bundleSite } from './support/http';
import { test, expect } from './support/page-errors';
import { buildAppWithBuiltElement, type BuiltApp } from './support/react-app';
import { listenWithSandbox, type SandboxServer } from './support/sandbox';
import { expectHeldBy, generateAndExpectCreated, generateButton, storeApiKey } from './support/generator';

// A React 19 app, bundled by Vite at test time, rendering <scim-generator> from the built ES module.
const APP_PATH = '/react-app/';
const appSource = fileURLToPath(new URL('./fixtures/react-app/', import.meta.url));

// One bundle for the file: run its tests one after another in one worker.
test.describe.configure({ mode: 'default' });

let app: BuiltApp;
let site: SandboxServer;

test.beforeAll(async () => {
  app = await buildAppWithBuiltElement(appSource, APP_PATH);
  site = await listenWithSandbox(express().use(APP_PATH, express.static(app.dir)).use(bundleSite()));
});
test.afterAll(async () => {
  await site?.close();
  await app?.remove();
});

test('React 19 sets the attributes on the element, which creates 10 groups and tells React', async ({ page }) => {
  const apiKey = await site.createApiKey('pro');
  await storeApiKey(page, apiKey);
  await page.goto(new URL(APP_PATH, site.url).href);
  const element = page.locator('scim-generator');

  await expect(element).toHaveAttribute('resource-type', 'Groups');
  await expect(generateButton(element)).toHaveText('Generate Groups →');
  const batch = await generateAndExpectCreated(element);

  await expect(page.getByRole('status')).toHaveText('10 created');
  await expectHeldBy(site, apiKey, batch);
});

test('a React re-render with a changed prop updates the live element', async ({ page }) => {
  await storeApiKey(page, await site.createApiKey('pro'));
  await page.goto(new URL(APP_PATH, site.url).href);
  const element = page.locator('scim-generator');
  await expect(generateButton(element)).toHaveText('Generate Groups →');
  const elementBefore = await element.elementHandle();

  await page.getByRole('button', { name: 'Switch to Users' }).click();

  await expect(element).toHaveAttribute('resource-type', 'Users');
  await expect(generateButton(element)).toHaveText('Generate Users →');
  await expect(element.getByLabel('Create activated users')).toBeVisible();
  expect(await element.evaluate((current, before) => current === before, elementBefore)).toBe(true);
  const batch = await generateAndExpectCreated(element);
  expect(batch.results.every(({ record }) => 'userName' in record)).toBe(true);
});
