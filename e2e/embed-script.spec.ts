import type { Page } from '@playwright/test';
import { test, expect } from './support/site-test';
import type { SandboxServer } from './support/sandbox';
import {
  createdLinesFor,
  generateBatch,
  generateButton,
  sortedResultLines,
  storeApiKey,
  uniqueName,
} from './support/generator';

// The built bundles loaded the way a static docs page loads them, against the sandbox SCIM provider.
let apiKey: string;

test.beforeEach(async ({ page, site }) => {
  apiKey = await site.createApiKey('pro');
  await storeApiKey(page, apiKey);
});

async function expectBatchCreated(page: Page, site: SandboxServer, resourceType: 'Users' | 'Groups') {
  const element = page.locator('scim-generator');
  const batch = await generateBatch(element);

  expect(batch.results).toHaveLength(10);
  await expect.poll(() => sortedResultLines(element)).toEqual(createdLinesFor(batch));
  const stored = (await site.listResources(apiKey, resourceType)).map((resource) =>
    resourceType === 'Users' ? resource.userName : resource.displayName,
  );
  expect(stored).toEqual(expect.arrayContaining(batch.results.map(({ record }) => uniqueName(record))));
}

test('the IIFE from a plain <script src> creates 10 users the server then holds', async ({ page, site }) => {
  await page.goto(`${site.url}iife.html`);
  await expect(generateButton(page.locator('scim-generator'))).toHaveText('Generate Users →');
  await expectBatchCreated(page, site, 'Users');
});

test('the ES module from <script type="module"> loads its lazy chunk and creates 10 groups', async ({ page, site }) => {
  const chunkRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/dist/chunks/')) chunkRequests.push(request.url());
  });
  await page.goto(`${site.url}esm.html`);
  await expect(generateButton(page.locator('scim-generator'))).toHaveText('Generate Groups →');
  await expectBatchCreated(page, site, 'Groups');
  expect(chunkRequests.length).toBeGreaterThan(0);
});

test('the script included twice and both builds on one page define the element once and it works', async ({ page, site }) => {
  await page.addInitScript(() => {
    const define = customElements.define.bind(customElements);
    const definedNames: string[] = [];
    Object.defineProperty(window, 'definedNames', { value: definedNames });
    customElements.define = (name, constructor, options) => {
      definedNames.push(name);
      define(name, constructor, options);
    };
  });
  await page.goto(`${site.url}both-builds.html`);
  // Both module scripts have run once the load event fired.
  await page.waitForLoadState('load');

  const definedNames = await page.evaluate(() => (window as unknown as { definedNames: string[] }).definedNames);
  expect(definedNames.filter((name) => name === 'scim-generator')).toEqual(['scim-generator']);
  await expectBatchCreated(page, site, 'Users');
});

test('the shadow root is open and host page styles do not reach inside it', async ({ page, site }) => {
  await page.goto(`${site.url}iife.html`);
  // What a careless CMS theme might ship: hide and recolour every control on the page.
  await page.addStyleTag({
    content: 'button, input, label, ul, li, p, span { display: none !important; color: red !important }',
  });
  const element = page.locator('scim-generator');

  expect(await element.evaluate((host) => host.shadowRoot?.mode)).toBe('open');
  const button = generateButton(element);
  await expect(button).toBeVisible();
  await expect(button).not.toHaveCSS('color', 'rgb(255, 0, 0)');
  await expect(element.getByLabel('Create activated users')).toBeVisible();

  await generateBatch(element);
  await expect(element.locator('[part~="result"]')).toHaveCount(10);
  for (const line of await element.locator('[part~="result"]').all()) await expect(line).toBeVisible();
  await expect(page.locator('main > p')).toBeHidden();
});
