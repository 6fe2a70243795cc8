import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from './support/page-errors';
import { pressOnBuiltPage, testButtonInThemeBrand, useBuiltDocsSite } from './support/docs-site';

// A VitePress site set up as docs/platforms/vitepress.md says (e2e/fixtures/vitepress-site), with the package
// installed from `npm pack`, built by `vitepress build` (server rendering included) and served
// as static files beside the sandbox SCIM provider. The build throws as it did before the `node`
// export condition (`ReferenceError: HTMLElement is not defined` while rendering the page).
const site = useBuiltDocsSite(
  fileURLToPath(new URL('./fixtures/vitepress-site/', import.meta.url)),
  { packageName: 'vitepress', script: 'bin/vitepress.js' },
  { outDir: '.vitepress/dist' },
  120_000,
);

test('VitePress builds the recipe and keeps the tag in the server-rendered HTML', async () => {
  const html = await readFile(join(site().dir, '.vitepress/dist/index.html'), 'utf8');

  // Without `isCustomElement`, Vue takes the tag for a component it cannot find and drops it.
  expect(html).toContain('<scim-generator resource-type="Users"></scim-generator>');
});

test('the built page hydrates without warnings and presses to ten created lines', async ({ page }) => {
  await pressOnBuiltPage(page, site(), '/', 'Generate Users →');
});

// The default theme: `.dark` on <html> when the reader's system asks for dark.
testButtonInThemeBrand(site, '/', { name: 'VitePress', brandVariable: '--vp-c-brand-1', darkPage: 'html.dark' });
