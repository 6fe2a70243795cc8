import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pressOnBuiltPage, testPressInEachScheme } from './support/docs-site';
import { NEXT_BASE_PATH as BASE_PATH, useBuiltNextSite } from './support/next-site';
import { test, expect } from './support/page-errors';

// Next.js 16 set up as docs/platforms/nextjs.md says (e2e/fixtures/next-site): a static export
// (`output: 'export'`) under basePath /scim-docs, the package imported by a 'use client' component.
// Built by `next build` (Turbopack), served under /scim-docs/ beside the sandbox at the host's root.
// The site's jsconfig.json keeps Next from taking this repository's tsconfig.json, whose paths map
// `scim-generator` to src/, since the site is built inside the repository.
const site = useBuiltNextSite('next-site');

test('the export keeps the tag in the page, which the server rendered without the element', async () => {
  const html = await readFile(join(site().dir, 'out/index.html'), 'utf8');

  expect(html).toContain('<scim-generator resource-type="Users"></scim-generator>');
  expect(html).toContain(`src="${BASE_PATH}_next/static/`);
});

testPressInEachScheme(site, `under ${BASE_PATH}, the page`, BASE_PATH, 'Generate Users →');

test('every script the page fetches, the element’s chunks included, comes under basePath', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
  await pressOnBuiltPage(page, site(), BASE_PATH, 'Generate Users →');
  expect(scripts.length).toBeGreaterThan(1);
  expect(scripts.filter((path) => !path.startsWith(BASE_PATH))).toEqual([]);
});
