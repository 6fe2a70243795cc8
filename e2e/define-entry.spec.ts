import express from 'express';
import { fileURLToPath } from 'node:url';
import { TAG_NAME } from '../src/constants';
import { generateAndExpectCreated, storeApiKey } from './support/generator';
import { test, expect } from './support/page-errors';
import { buildAppWithBuiltElement, type BuiltApp } from './support/react-app';
import { listenWithSandbox, type SandboxServer } from './support/sandbox';

// Issue 40: on a page sure to hold the element, `import 'scim-generator/define'` imports the
// element's chunk statically, so a bundler (Vite here, at test time) puts it in the page's own
// files, fetched with the page: no file waits for another before the button.
const APP_PATH = '/docs/';
const appSource = fileURLToPath(new URL('./fixtures/define-app/', import.meta.url));

test.describe.configure({ mode: 'default' });

let app: BuiltApp;
let site: SandboxServer;

test.beforeAll(async () => {
  app = await buildAppWithBuiltElement(appSource, APP_PATH);
  site = await listenWithSandbox(express().use(APP_PATH, express.static(app.dir)));
});
test.afterAll(async () => {
  await site?.close();
  await app?.remove();
});

test('bundled by Vite, the define entry defines the element from the page’s own script and preloads; ten lines', async ({ page }) => {
  await storeApiKey(page, await site.createApiKey('pro'));
  const scriptsBeforeTheButton: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scriptsBeforeTheButton.push(new URL(request.url()).pathname);
  });
  await page.goto(new URL(APP_PATH, site.url).href);
  // Named in the page itself, as a script or a modulepreload hint: the browser finds every file the
  // button needs in the HTML, none only after running another.
  const named = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="modulepreload"]')].map(
      (tag) => new URL(tag instanceof HTMLScriptElement ? tag.src : tag.href).pathname,
    ),
  );
  await expect(page.locator(TAG_NAME).locator('button').first()).toBeVisible();
  const beforeButton = [...scriptsBeforeTheButton];
  expect(beforeButton.length).toBeGreaterThan(0);
  expect(beforeButton.filter((path) => !named.includes(path))).toEqual([]);
  await generateAndExpectCreated(page.locator(TAG_NAME));
});
