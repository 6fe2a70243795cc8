import { generateAndExpectCreated, generateButton } from './support/generator';
import { expect, testWithProKey as test } from './support/site-test';

// Issue 38: the Copy buttons are secondary to Generate (outlined, smaller), and "Copied" keeps at
// least 8 px from its button.

test('a Copy button is outlined and smaller than Generate, and its "Copied" stands 8 px or more apart', async ({ page, context, site }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  await page.goto(`${site.url}iife.html`);
  const element = page.locator('scim-generator');
  await generateAndExpectCreated(element);
  await element.getByRole('button', { name: 'Details' }).first().click();
  const copy = element.locator('[part="copy-button"]').first();
  await copy.click();
  const status = copy.locator('xpath=following-sibling::*[@role="status"]');
  await expect(status).toHaveText('Copied');

  const styleOf = (button: typeof copy) =>
    button.evaluate((node) => {
      const style = getComputedStyle(node);
      const box = node.getBoundingClientRect();
      return { background: style.backgroundColor, border: style.borderTopColor, fontSize: parseFloat(style.fontSize), height: box.height, right: box.right };
    });
  const [copied, generate] = [await styleOf(copy), await styleOf(generateButton(element))];
  expect(copied.background).toBe('rgba(0, 0, 0, 0)');
  expect(copied.border).not.toBe('rgba(0, 0, 0, 0)');
  expect(copied.border).not.toBe(copied.background);
  expect(copied.fontSize).toBeLessThan(generate.fontSize);
  expect(copied.height).toBeLessThan(generate.height);
  const statusLeft = await status.evaluate((node) => node.getBoundingClientRect().left);
  expect(statusLeft - copied.right).toBeGreaterThanOrEqual(8);
});
