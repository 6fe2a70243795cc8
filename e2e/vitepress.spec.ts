import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from './support/page-errors';
import { binOf, buildDocsSite, pressOnBuiltPage, type BuiltDocsSite } from './support/docs-site';

// A VitePress site set up as docs/platforms/vitepress.md says (e2e/fixtures/vitepress-site), with the package
// installed from `npm pack`, built by `vitepress build` (server rendering included) and served
// as static files beside the sandbox SCIM provider.
const siteFixture = fileURLToPath(new URL('./fixtures/vitepress-site/', import.meta.url));

// One site build for the file.
test.describe.configure({ mode: 'default' });

let site: BuiltDocsSite;

test.beforeAll(async () => {
  // Throws as it did before the `node` export condition (`ReferenceError: HTMLElement is not
  // defined` while rendering the page).
  site = await buildDocsSite(siteFixture, binOf('vitepress', 'bin/vitepress.js'), '.vitepress/dist');
});
test.afterAll(() => site?.close());

test('VitePress builds the recipe and keeps the tag in the server-rendered HTML', async () => {
  const html = await readFile(join(site.dir, '.vitepress/dist/index.html'), 'utf8');

  // Without `isCustomElement`, Vue takes the tag for a component it cannot find and drops it.
  expect(html).toContain('<scim-generator resource-type="Users"></scim-generator>');
});

test('the built page hydrates without warnings and presses to ten created lines', async ({ page }) => {
  await pressOnBuiltPage(page, site, '/', 'Generate Users →');
});
