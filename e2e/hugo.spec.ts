import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { requireTool } from '../scripts/debian-tools';
import { ATTRIBUTE_TABLE } from '../src/public/attribute-table';
import { buildSite, openBuiltPage, pressOnBuiltPage, type BuiltDocsSite } from './support/docs-site';
import { generateButton } from './support/generator';
import { test, expect } from './support/page-errors';

// Hugo 0.111 (Debian's package) set up as docs/platforms/hugo.md says (e2e/fixtures/hugo-site):
// the shortcode users copy from examples/hugo/ and the IIFE from `npm pack` in static/, a minimal
// theme whose stylesheet outlines every :focus as hugo-book does, and no
// markup.goldmark.renderer.unsafe. Built by `hugo`, served as static files beside the sandbox.
const siteFixture = fileURLToPath(new URL('./fixtures/hugo-site/', import.meta.url));
const shortcodes = fileURLToPath(new URL('../examples/hugo/layouts/shortcodes/', import.meta.url));
const SCRIPT_TAG = '<script src="/scim-generator/scim-generator.iife.js"></script>';

// One site build for the file.
test.describe.configure({ mode: 'default' });

let site: BuiltDocsSite;
let cacheDir: string;

test.beforeAll(async () => {
  // Hugo's cache is $TMPDIR/hugo_cache by default, one for every user of the machine: after a run as
  // root, another user's build failed (`mkdir /tmp/hugo_cache/…: permission denied`, issue 54).
  cacheDir = await mkdtemp(join(tmpdir(), 'hugo-cache-'));
  site = await buildSite(siteFixture, {
    command: requireTool('hugo'),
    args: ['--cacheDir', cacheDir],
    outDir: 'public',
    copies: {
      'layouts/shortcodes': shortcodes,
      'static/scim-generator/scim-generator.iife.js': 'node_modules/scim-generator/dist/scim-generator.iife.js',
    },
  });
});
test.afterAll(async () => {
  await site?.close();
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
});

test("Hugo keeps its cache in this run's own folder", async () => {
  expect(await readdir(cacheDir)).toContain('modules');
});

function builtPage(path: string): Promise<string> {
  return readFile(join(site.dir, 'public', path), 'utf8');
}

/** The attributes of each `<scim-generator>` in `html`, as the browser's HTML parser reads them (no script runs). */
function parsedTags(page: Page, html: string): Promise<Record<string, string>[]> {
  return page.evaluate((html) => {
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    return [...parsed.querySelectorAll('scim-generator')].map((tag) =>
      Object.fromEntries(tag.getAttributeNames().map((name) => [name, tag.getAttribute(name) ?? ''])),
    );
  }, html);
}

test('without unsafe, Goldmark omits the raw tag and the shortcode called as {{% %}} (the pitfall)', async () => {
  const raw = await builtPage('raw/index.html');

  expect(raw).toContain('<!-- raw HTML omitted -->');
  expect(raw).not.toContain('<scim-generator');
  expect(raw).not.toContain(SCRIPT_TAG);
});

test('the shortcode writes every attribute of the element, escaped, and the script once a page', async ({ page }) => {
  const html = await builtPage('attributes/index.html');
  const [every, hostile] = await parsedTags(page, html);

  expect(Object.keys(every ?? {}).sort()).toEqual(ATTRIBUTE_TABLE.map(({ name }) => name).sort());
  expect(every).toMatchObject({
    'base-url': 'https://scim.example.com/scim/v2?tenant=a&b',
    'plan-card-selector': ".plan-card[data-plan='pro'] > input",
  });
  // Quotes and markup stay text; a javascript: URL does not reach the element.
  expect(hostile).toEqual({ 'resource-type': 'Users', seed: '"><b id=injected>1</b>', 'api-key-url': '#ZgotmplZ' });
  expect(html).not.toContain('<b id=injected>');
  expect(html.split(SCRIPT_TAG)).toHaveLength(2);
});

test('the shortcode page presses to ten created lines', async ({ page }) => {
  await pressOnBuiltPage(page, site, '/', 'Generate Groups →');
});

test("the theme's :focus outline frames the whole element unless the site quiets it on the host", async ({ page }) => {
  await openBuiltPage(page, site, '/');
  const element = page.locator('scim-generator');
  await generateButton(element).focus();
  const hostOutline = () => element.evaluate((host) => getComputedStyle(host).outlineStyle);

  expect(await hostOutline()).toBe('none');
  await page.locator('link[href="/site.css"]').evaluate((link: HTMLLinkElement) => {
    link.disabled = true;
  });
  expect(await hostOutline()).toBe('auto');
});
