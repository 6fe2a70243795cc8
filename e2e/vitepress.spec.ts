import express from 'express';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from './support/page-errors';
import { generateAndExpectCreated, generateButton, storeApiKey } from './support/generator';
import { createPackedSite, runNode, type PackedSite } from './support/packed-site';
import { listenWithSandbox, type SandboxServer } from './support/sandbox';

// A VitePress site set up as the README says (e2e/fixtures/vitepress-site), with the package
// installed from `npm pack`, built by `vitepress build` (server rendering included) and served
// as static files beside the sandbox SCIM provider.
const siteFixture = fileURLToPath(new URL('./fixtures/vitepress-site/', import.meta.url));
const vitepressCli = join(dirname(createRequire(import.meta.url).resolve('vitepress/package.json')), 'bin/vitepress.js');

// One site build for the file.
test.describe.configure({ mode: 'default' });

let site: PackedSite;
let server: SandboxServer;

test.beforeAll(async () => {
  site = await createPackedSite(siteFixture);
  // Throws with the build's output when it fails, as it did before the `node` export condition
  // (`ReferenceError: HTMLElement is not defined` while rendering the page).
  await runNode([vitepressCli, 'build', site.dir], site.dir);
  const pages = express()
    .use(express.static(join(site.dir, '.vitepress/dist')))
    .get('/favicon.ico', (_request, response) => void response.sendStatus(204));
  server = await listenWithSandbox(pages);
});
test.afterAll(async () => {
  await server?.close();
  await site?.remove();
});

test('VitePress builds the recipe and keeps the tag in the server-rendered HTML', async () => {
  const html = await readFile(join(site.dir, '.vitepress/dist/index.html'), 'utf8');

  // Without `isCustomElement`, Vue takes the tag for a component it cannot find and drops it.
  expect(html).toContain('<scim-generator resource-type="Users"></scim-generator>');
});

test('the built page hydrates without warnings and presses to ten created lines', async ({ page }) => {
  const hydrationLines: string[] = [];
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) hydrationLines.push(`${message.type()}: ${message.text()}`);
  });
  await storeApiKey(page, await server.createApiKey('pro'));
  await page.goto(server.url);
  const element = page.locator('scim-generator');
  await expect(generateButton(element)).toHaveText('Generate Users →');

  const batch = await generateAndExpectCreated(element);

  expect(batch.results.map(({ status }) => status)).toEqual(Array(10).fill(201));
  expect(hydrationLines).toEqual([]);
});
