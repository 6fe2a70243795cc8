import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireTool } from '../scripts/debian-tools';
import { buildSite, pressOnBuiltPage, testPressInEachScheme, useBuiltSite } from './support/docs-site';
import { test, expect } from './support/page-errors';

// Jekyll 4.3 with minima 2.5 (Debian's packages) set up as docs/platforms/jekyll.md says
// (e2e/fixtures/jekyll-site): a GitHub Pages project site whose `baseurl` is the repository's
// path, the package's files from `npm pack` in assets/, and each page's script written with
// `relative_url` (the ES loader on one page, the IIFE on the other). Built by `jekyll build`,
// served under /scim-docs/ as GitHub Pages serves a project, beside the sandbox at the host's root.
const siteFixture = fileURLToPath(new URL('./fixtures/jekyll-site/', import.meta.url));
const BASE_PATH = '/scim-docs/';
const ASSETS = 'assets/scim-generator';

const site = useBuiltSite(() =>
  buildSite(siteFixture, {
    command: requireTool('jekyll'),
    args: ['build', '--quiet'],
    outDir: '_site',
    basePath: BASE_PATH,
    copies: Object.fromEntries(
      ['scim-generator.js', 'chunks', 'scim-generator.iife.js'].map((file) => [`${ASSETS}/${file}`, `node_modules/scim-generator/dist/${file}`]),
    ),
  }),
);

test('relative_url writes each script under the base path; kramdown keeps the tag', async () => {
  const users = await readFile(join(site().dir, '_site/index.html'), 'utf8');
  const groups = await readFile(join(site().dir, '_site/groups.html'), 'utf8');

  expect(users).toContain(`<script type="module" src="${BASE_PATH}${ASSETS}/scim-generator.js"></script>`);
  expect(groups).toContain(`<script src="${BASE_PATH}${ASSETS}/scim-generator.iife.js"></script>`);
  expect(users).toContain('<scim-generator resource-type="Users"></scim-generator>');
  expect(groups).toContain('<scim-generator resource-type="Groups"></scim-generator>');
});

testPressInEachScheme(site, `under ${BASE_PATH}, the page with the ES loader`, BASE_PATH, 'Generate Users →');

test(`under ${BASE_PATH}, the page with the IIFE presses to ten created lines`, async ({ page }) => {
  await pressOnBuiltPage(page, site(), `${BASE_PATH}groups.html`, 'Generate Groups →');
});
