import express from 'express';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TAG_NAME } from '../src/public/constants';
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

test('bundled by Vite, the define entry defines the element from a script the page’s HTML names; ten lines', async ({ page }) => {
  await storeApiKey(page, await site.createApiKey('pro'));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(new URL(APP_PATH, site.url).href);
  // Named in the page itself, as a script or a modulepreload hint: the browser finds the element's
  // code in the HTML, not only after running another file. (Its lazy chunks come later, by design.)
  const named = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="modulepreload"]')].map(
      (tag) => new URL(tag instanceof HTMLScriptElement ? tag.src : tag.href).pathname,
    ),
  );
  await generateAndExpectCreated(page.locator(TAG_NAME));
  const read = (path: string) => readFile(join(app.dir, path.slice(APP_PATH.length)), 'utf8');
  const defining = (await Promise.all(scripts.map(async (path) => ((await read(path)).includes('customElements.define(') ? [path] : [])))).flat();
  expect(defining.length).toBeGreaterThan(0);
  expect(defining.filter((path) => !named.includes(path))).toEqual([]);
});
