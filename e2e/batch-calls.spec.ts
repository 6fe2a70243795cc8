import { generateAndExpectCreated, showGenerator, storeApiKey } from './support/generator';
import { bundleSite } from './support/http';
import { expect, test } from './support/page-errors';
import { listenWithSandbox } from './support/sandbox';

// Issue 38: the calls of a batch that belong to no item (the reads of the server's schema, the
// users a Groups batch creates to be members) are on screen too, in "Batch calls" above the lines, in the panel a line's Details uses.

test('Batch calls lists the schema reads and the POSTs of the users the batch creates to be members, each with its request and response', async ({ page }) => {
  const site = await listenWithSandbox(bundleSite());
  try {
    await storeApiKey(page, await site.createApiKey('pro'));
    const element = await showGenerator(page, site.url, { 'resource-type': 'Groups', schema: 'discover' });
    await element.getByLabel('Add members').check();
    await generateAndExpectCreated(element);

    const disclosure = element.locator('[part="batch-calls"]');
    await expect(disclosure).toHaveCount(1);
    const button = disclosure.getByRole('button', { name: 'Batch calls for the calls of the batch that belong to no item' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(disclosure.locator('.call-title')).toHaveText([
      'Discover · GET /scim/v2/ResourceTypes',
      'Discover · GET /scim/v2/Schemas',
      ...Array(5).fill('Members · POST /scim/v2/Users'),
    ]);
    const panel = disclosure.locator('[part="details"]');
    await expect(panel).toContainText('200 OK');
    await expect(panel).toContainText('urn:ietf:params:scim:schemas:core:2.0:User');
    // It sits above the lines, and the lines' own Details do not repeat these calls.
    expect(await element.evaluate((host) => {
      const root = host.shadowRoot;
      const calls = root?.querySelector('[part="batch-calls"]');
      const lines = root?.querySelector('[part="results"]');
      return Boolean(calls && lines && calls.compareDocumentPosition(lines) & Node.DOCUMENT_POSITION_FOLLOWING);
    })).toBe(true);
    await element.locator('[part~="result"]').first().getByRole('button', { name: /^Details/ }).click();
    await expect(element.locator('[part~="result"]').first().locator('.call-title')).not.toContainText(['Discover']);
  } finally {
    await page.close();
    await site.close();
  }
});
