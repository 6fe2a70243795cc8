import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireTool } from '../scripts/debian-tools';
import { buildSite, pressOnBuiltPage, testPressInEachScheme, useBuiltSite } from './support/docs-site';
import { test, expect } from './support/page-errors';

// Sphinx 5.3 with the Read the Docs theme and MyST 0.18 (Debian's packages) set up as
// docs/platforms/sphinx.md says (e2e/fixtures/sphinx-site): the ES loader and its chunks from
// `npm pack` in _static/, loaded through html_js_files as a module; the element in an RST page
// (`raw:: html`) and in a MyST page one folder down. Built by `sphinx-build`, served under
// /en/latest/ as Read the Docs serves a project, beside the sandbox at the host's root.
const siteFixture = fileURLToPath(new URL('./fixtures/sphinx-site/', import.meta.url));
const BASE_PATH = '/en/latest/';
const HTML_DIR = '_build/html';

const site = useBuiltSite(() =>
  buildSite(siteFixture, {
    command: requireTool('sphinx'),
    args: ['-b', 'html', '-W', '-q', '.', HTML_DIR],
    outDir: HTML_DIR,
    basePath: BASE_PATH,
    copies: {
      '_static/scim-generator/scim-generator.js': 'node_modules/scim-generator/dist/scim-generator.js',
      '_static/scim-generator/chunks': 'node_modules/scim-generator/dist/chunks',
    },
  }),
);

test('html_js_files writes the loader as a module, relative to each page; RST and MyST keep the tag', async () => {
  const users = await readFile(join(site().dir, HTML_DIR, 'index.html'), 'utf8');
  const groups = await readFile(join(site().dir, HTML_DIR, 'guide/groups.html'), 'utf8');

  expect(users).toContain('<script type="module" src="_static/scim-generator/scim-generator.js"></script>');
  expect(groups).toContain('<script type="module" src="../_static/scim-generator/scim-generator.js"></script>');
  expect(users).toContain('<scim-generator resource-type="Users"></scim-generator>');
  expect(groups).toContain('<scim-generator resource-type="Groups"></scim-generator>');
});

testPressInEachScheme(site, `under ${BASE_PATH}, the RST page`, BASE_PATH, 'Generate Users →');

test(`under ${BASE_PATH}, the MyST page one folder down presses to ten created lines`, async ({ page }) => {
  await pressOnBuiltPage(page, site(), `${BASE_PATH}guide/groups.html`, 'Generate Groups →');
});

// Issue 40: the classic script, where a site loads it instead (it needs no `type="module"`), set by
// `-D` as a project would set it in conf.py; built apart, one RST page pressed under /en/latest/.
test.describe('with the classic script', () => {
  const classic = useBuiltSite(() =>
    buildSite(siteFixture, {
      command: requireTool('sphinx'),
      args: ['-b', 'html', '-W', '-q', '-D', 'html_js_files=scim-generator/scim-generator.iife.js', '.', HTML_DIR],
      outDir: HTML_DIR,
      basePath: BASE_PATH,
      copies: { '_static/scim-generator/scim-generator.iife.js': 'node_modules/scim-generator/dist/scim-generator.iife.js' },
    }),
  );

  test(`html_js_files writes it as a classic script; under ${BASE_PATH} the RST page presses to ten created lines`, async ({ page }) => {
    const users = await readFile(join(classic().dir, HTML_DIR, 'index.html'), 'utf8');
    expect(users).toContain('<script src="_static/scim-generator/scim-generator.iife.js"></script>');
    expect(users).not.toContain('scim-generator/scim-generator.js"');
    await pressOnBuiltPage(page, classic(), BASE_PATH, 'Generate Users →');
  });
});
