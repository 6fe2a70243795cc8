import express from 'express';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { test, expect } from './support/page-errors';
import { generateAndExpectCreated, generateButton, storeApiKey } from './support/generator';
import { createPackedSite, type PackedSite } from './support/packed-site';
import { listenWithSandbox, type SandboxServer } from './support/sandbox';

// A React 19 app (e2e/fixtures/react-ssr) with the package installed from `npm pack`: Vite builds
// its client and its server entry; the test renders the page with react-dom/server, and Chromium
// hydrates it.
const appFixture = fileURLToPath(new URL('./fixtures/react-ssr/', import.meta.url));

// One build for the file.
test.describe.configure({ mode: 'default' });

let app: PackedSite;
let serverHtml: string;
let server: SandboxServer;

async function buildApp(root: string): Promise<void> {
  const common = { root, configFile: false, logLevel: 'warn', cacheDir: join(root, '.vite-cache') } as const;
  await build({ ...common, build: { outDir: 'client', emptyOutDir: true, reportCompressedSize: false } });
  await build({ ...common, build: { outDir: 'server', emptyOutDir: true, ssr: 'entry-server.tsx' } });
}

test.beforeAll(async () => {
  app = await createPackedSite(appFixture);
  await buildApp(app.dir);
  // The server bundle imports `scim-generator` from the app's node_modules, here in Node.
  const { render } = (await import(pathToFileURL(join(app.dir, 'server/entry-server.js')).href)) as { render(): string };
  serverHtml = render();
  const page = (await readFile(join(app.dir, 'client/index.html'), 'utf8')).replace('<!--app-->', serverHtml);
  server = await listenWithSandbox(
    express()
      .get('/', (_request, response) => void response.type('html').send(page))
      .use(express.static(join(app.dir, 'client'))),
  );
});
test.afterAll(async () => {
  await server?.close();
  await app?.remove();
});

test('react-dom/server renders the tag in Node, from an app that imports the package', () => {
  expect(serverHtml).toContain('<scim-generator resource-type="Users"></scim-generator>');
  expect(serverHtml).toContain('0 results heard, 0 created');
});

test('after hydration the documented hook hears all ten results of a press', async ({ page }) => {
  await storeApiKey(page, await server.createApiKey('pro'));
  await page.goto(server.url);
  await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'false');
  const element = page.locator('scim-generator');
  await expect(generateButton(element)).toHaveText('Generate Users →');

  const batch = await generateAndExpectCreated(element);

  await expect(page.getByRole('status')).toHaveText('10 results heard, 10 created');
  const heard = await page.getByRole('list', { name: 'Heard' }).getByRole('listitem').allTextContents();
  expect(heard.sort()).toEqual(batch.results.map(({ status, name }) => `${status} ${name ?? ''}`).sort());
});
