import express from 'express';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test, expect } from './support/page-errors';
import { pressOnBuiltPage, testButtonInThemeBrand, useBuiltDocsSite } from './support/docs-site';

// An Astro Starlight site (e2e/fixtures/starlight-site) with the element in an MDX page and a
// component whose <script> imports the package, installed from `npm pack`. `astro build` makes a
// server (@astrojs/node, middleware mode) that renders every page on request; the test mounts it
// beside the sandbox SCIM provider, as a Node app would.

/** The request handler of the server `astro build` made (dist/server/entry.mjs), which renders the pages. */
async function astroHandler(siteDir: string): Promise<express.Handler> {
  const entry = pathToFileURL(join(siteDir, 'dist/server/entry.mjs')).href;
  return ((await import(entry)) as { handler: express.Handler }).handler;
}

const site = useBuiltDocsSite(
  fileURLToPath(new URL('./fixtures/starlight-site/', import.meta.url)),
  { packageName: 'astro', script: 'astro.js' },
  // Its browser assets, then the server for everything else.
  { outDir: 'dist/client', handler: astroHandler },
  180_000,
);

test('Starlight renders the MDX page on request, with the tag in the HTML it sends', async () => {
  // `prerender: false`: no page was written at build time.
  await expect(access(join(site().dir, 'dist/client/index.html'))).rejects.toThrow();

  const html = await (await fetch(site().server.url)).text();

  expect(html).toContain('<scim-generator resource-type="Users" base-url="/scim/v2"></scim-generator>');
});

test('the MDX page with the <script> component presses to ten created lines', async ({ page }) => {
  await pressOnBuiltPage(page, site(), '/', 'Generate Users →');
});

test('a plain import in the MDX page runs only on the server: the browser never defines the element', async ({ page }) => {
  await page.goto(new URL('/plain-import/', site().server.url).href);
  await page.waitForLoadState('networkidle');

  await expect(page.locator('scim-generator')).toBeAttached();
  expect(await page.evaluate(() => customElements.get('scim-generator') !== undefined)).toBe(false);
});

// Starlight's accent: `data-theme="dark"` on <html> when the reader's system asks for dark.
testButtonInThemeBrand(site, '/', { name: 'Starlight', brandVariable: '--sl-color-accent', darkPage: 'html[data-theme="dark"]' });
