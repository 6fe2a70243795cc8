import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pressOnBuiltPage, testPressInEachScheme, useBuiltDocsSite } from './support/docs-site';
import { test, expect } from './support/page-errors';

// Eleventy 3 set up as docs/platforms/eleventy.md says (e2e/fixtures/eleventy-site): the ES loader
// and its chunks passed through from `npm pack`'s package, the script in the layout's head as a
// root-relative URL, and HtmlBasePlugin with pathPrefix /scim-docs/. Built by `eleventy`, served
// under /scim-docs/ as GitHub Pages serves a project site, beside the sandbox at the host's root.
const BASE_PATH = '/scim-docs/';

const site = useBuiltDocsSite(
  fileURLToPath(new URL('./fixtures/eleventy-site/', import.meta.url)),
  { packageName: '@11ty/eleventy', script: 'cmd.cjs', args: ['--quiet'] },
  { outDir: '_site', basePath: BASE_PATH },
  60_000,
);

test('HtmlBasePlugin puts pathPrefix in front of the script; Markdown keeps the tag', async () => {
  const html = await readFile(join(site().dir, '_site/index.html'), 'utf8');

  expect(html).toContain(`<script type="module" src="${BASE_PATH}assets/scim-generator/scim-generator.js"></script>`);
  expect(html).toContain('<scim-generator resource-type="Users"></scim-generator>');
});

testPressInEachScheme(site, `under ${BASE_PATH}, the page`, BASE_PATH, 'Generate Users →');

test('the chunks the loader imports are served under the base path too', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => void (request.url().includes('/chunks/') && chunks.push(new URL(request.url()).pathname)));
  await pressOnBuiltPage(page, site(), BASE_PATH, 'Generate Users →');
  expect(chunks.length).toBeGreaterThan(0);
  expect(chunks.filter((path) => !path.startsWith(`${BASE_PATH}assets/scim-generator/chunks/`))).toEqual([]);
});
