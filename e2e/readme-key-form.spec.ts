import express from 'express';
import { TAG_NAME } from '../src/public/constants';
import { documentedSection } from '../src/test-support/documentation';
import { generateAndExpectCreated, generateBatch } from './support/generator';
import { bundleSite, listen, type RunningServer } from './support/http';
import { failedLoadLine, test, expect } from './support/page-errors';
import { listenWithSandbox, type SandboxServer } from './support/sandbox';

// The README's way to try an embed against the sandbox: a static docs page on one origin with the
// element and the paste-your-key form of "The key", word for word; the sandbox on another origin.
// Get a key with POST /api/keys, paste it, press.
const pasteForm = /```html\n([\s\S]*?)```/.exec(documentedSection('The key'))?.[1] ?? '';

let docs: RunningServer;
let sandbox: SandboxServer;

test.beforeEach(async () => {
  sandbox = await listenWithSandbox(express(), { host: 'localhost' });
  const app = bundleSite();
  app.get('/try.html', (_request, response) => {
    response.type('html').send(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>Try it</title>
    <script src="/dist/scim-generator.iife.js"></script>
  </head>
  <body>
    <main>
${pasteForm}
      <${TAG_NAME} base-url="${sandbox.scimUrl}"></${TAG_NAME}>
    </main>
  </body>
</html>`);
  });
  docs = await listen(app);
});
test.afterEach(async ({ page }) => {
  await page.close(); // before its servers: see e2e/support/site-test.ts
  await Promise.all([docs.close(), sandbox.close()]);
});

test.use({ expectedConsoleErrors: [failedLoadLine(401)] });

test("the README's paste form stores the key, says so, and the next press creates ten users", async ({ page }) => {
  expect(pasteForm).toContain('<form');
  expect(new URL(docs.url).origin).not.toBe(new URL(sandbox.url).origin);
  await page.goto(`${docs.url}try.html`);
  const element = page.locator(TAG_NAME);

  await generateBatch(element);
  await expect(element.getByText('Warning: You are not authenticated.')).toBeVisible();

  const key = await sandbox.createApiKey('free');
  await page.getByLabel('API key').fill(`  ${key}\n`);
  await page.getByRole('button', { name: 'Use this key' }).click();

  await expect(page.getByRole('status')).toHaveText('Key saved.');
  expect(await page.evaluate(() => localStorage.getItem('apikey'))).toBe(key);
  // The form's storage event reaches the element in this document: the 401 notice is out of date.
  await expect(element.getByText('The stored API key has changed since this press.')).toBeVisible();
  await generateAndExpectCreated(element);
});
