import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from './support/page-errors';
import { pressOnBuiltPage, testButtonInThemeBrand, useBuiltDocsSite } from './support/docs-site';

// A Docusaurus 3 site with the two recipes of docs/platforms/docusaurus.md (e2e/fixtures/docusaurus-site): an MDX page,
// and a TSX page with the event hook. The package is installed from `npm pack`, the site built by
// `docusaurus build` (server rendering included) and served as static files beside the sandbox.
// The fixture's package.json has no "type" field, as `create-docusaurus` makes it: with "module",
// webpack reads Docusaurus' generated route files as ES modules and the server build fails
// (`require.resolveWeak is not a function`). The build throws as it did before the `node` export
// condition (`HTMLElement is not defined` while rendering the pages on the server).
const site = useBuiltDocsSite(
  fileURLToPath(new URL('./fixtures/docusaurus-site/', import.meta.url)),
  { packageName: '@docusaurus/core', script: 'bin/docusaurus.mjs' },
  { outDir: 'build' },
  // About 20 s on an idle 2-core machine, and longer beside other tests.
  180_000,
);

test('Docusaurus builds both recipes and keeps the tag in the server-rendered HTML', async () => {
  const mdx = await readFile(join(site().dir, 'build/index.html'), 'utf8');
  const tsx = await readFile(join(site().dir, 'build/provisioning/index.html'), 'utf8');

  expect(mdx).toContain('<scim-generator resource-type="Users" base-url="/scim/v2"></scim-generator>');
  expect(tsx).toContain('<scim-generator resource-type="Groups" base-url="/scim/v2"></scim-generator>');
});

test('the MDX page hydrates without warnings and presses to ten created lines', async ({ page }) => {
  await pressOnBuiltPage(page, site(), '/', 'Generate Users →');
});

test('on the TSX page the documented hook hears all ten results of a press', async ({ page }) => {
  // The recipe's listener logs how many of the ten results were ok.
  const logged = page.waitForEvent('console', (message) => message.text().endsWith(' created'));

  await pressOnBuiltPage(page, site(), '/provisioning/', 'Generate Groups →');

  expect((await logged).text()).toBe('10 created');
});

// The classic theme: `data-theme="dark"` on <html> when the reader's system asks for dark
// (`respectPrefersColorScheme` in the fixture's config).
testButtonInThemeBrand(site, '/', { name: 'Docusaurus', brandVariable: '--ifm-color-primary', darkPage: 'html[data-theme="dark"]' });
