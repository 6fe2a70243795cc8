import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { requireTool } from '../scripts/debian-tools';
import { buildSite, expectButtonInBrand, openBuiltPage, pressOnBuiltPage, pressToTenCreated, type BuiltDocsSite } from './support/docs-site';
import { generateButton } from './support/generator';
import { test, expect } from './support/page-errors';

// MkDocs 1.4 with Material for MkDocs 8.2 (Debian's packages) set up as docs/platforms/mkdocs.md
// says (e2e/fixtures/mkdocs-site): the IIFE from `npm pack` copied into docs/, loaded through
// `extra_javascript`, the element in Markdown pages, Material's instant navigation and palette
// toggle on. Built by `mkdocs build`, served as static files beside the sandbox SCIM provider.
const siteFixture = fileURLToPath(new URL('./fixtures/mkdocs-site/', import.meta.url));
const IIFE_IN_DOCS = 'docs/assets/scim-generator/scim-generator.iife.js';

// One site build for the file.
test.describe.configure({ mode: 'default' });

let site: BuiltDocsSite;

test.beforeAll(async () => {
  site = await buildSite(siteFixture, {
    command: requireTool('mkdocs'),
    args: ['build', '--strict'],
    outDir: 'site',
    copies: { [IIFE_IN_DOCS]: 'node_modules/scim-generator/dist/scim-generator.iife.js' },
  });
});
test.afterAll(() => site?.close());

test('Python-Markdown keeps both tags as elements and MkDocs loads the IIFE as a classic script', async () => {
  const users = await readFile(join(site.dir, 'site/index.html'), 'utf8');
  const groups = await readFile(join(site.dir, 'site/groups/index.html'), 'utf8');

  expect(users).toContain('<scim-generator\n  resource-type="Users"\n  base-url="/scim/v2"></scim-generator>');
  expect(groups).toContain('<scim-generator resource-type="Groups"></scim-generator>');
  expect(users).toContain('<script src="assets/scim-generator/scim-generator.iife.js"></script>');
});

test('the page presses to ten created lines', async ({ page }) => {
  await pressOnBuiltPage(page, site, '/', 'Generate Users →');
});

test('a page reached by instant navigation presses to ten created lines', async ({ page }) => {
  await openBuiltPage(page, site, '/');
  await expect(generateButton(page.locator('scim-generator'))).toHaveText('Generate Users →');
  // Material's instant loading (its bundle's setup of navigation.instant) listens to clicks only once it has
  // fetched sitemap.xml, the pages it may load in place: a click before that loads a new document.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.endsWith('/sitemap.xml')));
  // Gone if the click loaded a new document.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await page.locator('.md-nav--primary').getByRole('link', { name: 'Groups' }).click();

  await expect(page).toHaveURL(/\/groups\/$/);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await expect(page.locator('scim-generator')).toHaveCount(1);
  await pressToTenCreated(page.locator('scim-generator'), 'Generate Groups →');
});

/** The element after a press, in Material's light scheme or, through the palette toggle, its dark one. */
async function pressedInScheme(page: Page, scheme: 'default' | 'slate'): Promise<void> {
  await openBuiltPage(page, site, '/');
  await pressToTenCreated(page.locator('scim-generator'), 'Generate Users →');
  if (scheme === 'slate') await page.getByTitle('Switch to dark mode').click();
  await expect(page.locator('body')).toHaveAttribute('data-md-color-scheme', scheme);
}

test("in the light scheme the button is Material's primary colour and axe finds nothing on the element", async ({ page }, testInfo) => {
  await pressedInScheme(page, 'default');
  await expectButtonInBrand(page, testInfo, '--md-primary-fg-color', 'MkDocs Material, light (indigo)');
});

test("in the dark scheme the button is Material's primary colour and axe finds nothing on the element", async ({ page }, testInfo) => {
  await pressedInScheme(page, 'slate');
  await expectButtonInBrand(page, testInfo, '--md-primary-fg-color', 'MkDocs Material, slate (teal)');
});
