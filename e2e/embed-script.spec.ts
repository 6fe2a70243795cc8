import { testWithProKey as test, expect } from './support/site-test';
import { expectHeldBy, generateAndExpectCreated, generateButton } from './support/generator';

// The built bundles loaded the way a static docs page loads them, against the sandbox SCIM provider.
test('the IIFE from a plain <script src> creates 10 users the server then holds', async ({ page, site, apiKey }) => {
  await page.goto(`${site.url}iife.html`);
  const element = page.locator('scim-generator');
  await expect(generateButton(element)).toHaveText('Generate Users →');

  await expectHeldBy(site, apiKey, await generateAndExpectCreated(element));
});

test('the ES module from <script type="module"> loads its lazy chunk and creates 10 groups', async ({ page, site, apiKey }) => {
  const chunkRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/dist/chunks/')) chunkRequests.push(request.url());
  });
  await page.goto(`${site.url}esm.html`);
  const element = page.locator('scim-generator');
  await expect(generateButton(element)).toHaveText('Generate Groups →');

  await expectHeldBy(site, apiKey, await generateAndExpectCreated(element));
  expect(chunkRequests.length).toBeGreaterThan(0);
});

test('the script included twice and both builds on one page define the element once and it works', async ({
  page,
  site,
  apiKey,
}) => {
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
  await expectHeldBy(site, apiKey, await generateAndExpectCreated(page.locator('scim-generator')));
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

  await generateAndExpectCreated(element);
  for (const line of await element.locator('[part~="result"]').all()) await expect(line).toBeVisible();
  await expect(page.locator('main > p')).toBeHidden();
});
