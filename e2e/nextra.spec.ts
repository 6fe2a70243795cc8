import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pressOnBuiltPage, testPressInEachScheme } from './support/docs-site';
import { NEXT_BASE_PATH as BASE_PATH, useBuiltNextSite } from './support/next-site';
import { test, expect } from './support/page-errors';

// Nextra 4's docs theme on Next.js 16, set up as docs/platforms/nextjs.md says
// (e2e/fixtures/nextra-site): an MDX page that uses a 'use client' component importing
// `scim-generator/define`, as a static export under basePath /scim-docs, served beside the sandbox.
const site = useBuiltNextSite('nextra-site');

test('the MDX page keeps the tag, which the server rendered without the element', async () => {
  const html = await readFile(join(site().dir, 'out/index.html'), 'utf8');

  expect(html).toContain('<scim-generator resource-type="Users"></scim-generator>');
  expect(html).toContain(`src="${BASE_PATH}_next/static/`);
});

testPressInEachScheme(site, `under ${BASE_PATH}, the MDX page`, BASE_PATH, 'Generate Users →');

test('the script that defines the element is named in the page’s HTML, under basePath: it waits for no tag to be seen', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
  await pressOnBuiltPage(page, site(), BASE_PATH, 'Generate Users →');
  expect(scripts.filter((path) => !path.startsWith(BASE_PATH))).toEqual([]);
  const read = (path: string) => readFile(join(site().dir, 'out', path.slice(BASE_PATH.length)), 'utf8');
  const defining = (await Promise.all(scripts.map(async (path) => ((await read(path)).includes('customElements.define(') ? [path] : [])))).flat();
  const html = await read(`${BASE_PATH}index.html`);
  expect(defining.length).toBeGreaterThan(0);
  expect(defining.filter((path) => !html.includes(`src="${path}"`))).toEqual([]);
});
