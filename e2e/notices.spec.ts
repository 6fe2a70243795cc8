import { test as faultTest } from './support/fault-page';
import { RETRY_AFTER_SECONDS } from './support/fault-server';
import { test, expect } from './support/site-test';
import { generateButton } from './support/generator';
import { failedLoadLine } from './support/page-errors';

const KEY_CHANGED = 'The stored API key has changed since this press. Press the button to try again with it.';

// The notices keep up with the stored key, against the sandbox SCIM provider.
test.use({ expectedConsoleErrors: [failedLoadLine(401)] });

test('a key stored in another tab replaces the 401 warning', async ({ page, context, site }) => {
  await page.goto(`${site.url}esm.html`);
  const element = page.locator('scim-generator');
  await generateButton(element).click();
  const notice = element.locator('[part="notice"]');
  await expect(notice.locator('p')).toHaveText([
    'Warning: You are not authenticated. Please get a valid API key here.',
    'No API key is stored in this browser.',
    'Send Authorization: Bearer <key>; create a key with POST /api/keys',
  ]);

  const keyPage = await context.newPage();
  await keyPage.goto(`${site.url}esm.html`);
  const key = await site.createApiKey('free');
  await keyPage.evaluate((value) => localStorage.setItem('apikey', value), key);

  await expect(notice).toHaveText(KEY_CHANGED);
  await generateButton(element).click();
  await expect(element.locator('[part~="result"]')).toHaveCount(10);
  await expect(element.locator('[part~="result"][part~="success"]')).toHaveCount(10);
});

test('a key stored in this document replaces the 401 warning when the page regains focus', async ({ page, site }) => {
  await page.goto(`${site.url}esm.html`);
  const element = page.locator('scim-generator');
  await generateButton(element).click();
  const notice = element.locator('[part="notice"]');
  await expect(notice).toContainText('Warning: You are not authenticated.');

  const key = await site.createApiKey('free');
  await page.evaluate((value) => {
    localStorage.setItem('apikey', value);
    dispatchEvent(new FocusEvent('focus'));
  }, key);
  await expect(notice).toHaveText(KEY_CHANGED);
});

for (const [form, fault] of [
  ['seconds', 'rate-limited'],
  ['an HTTP date', 'rate-limited-date'],
] as const) {
  faultTest(`the 429 notice says when to try again from a Retry-After in ${form}`, async ({ host, faults }) => {
    const generator = await host.mount({ 'base-url': faults.baseUrl(fault) });
    await host.pressAndSettle();
    const notice = generator.locator('[part="notice"]');
    await expect(notice).toContainText('Rate Limit Exceeded');
    await expect(notice).toContainText('Request limit reached');
    await expect(notice).toContainText('Try again in 15 minutes.');
    const retryTime = Date.parse((await notice.locator('time').getAttribute('datetime')) ?? '');
    expect(Math.abs(retryTime - (Date.now() + RETRY_AFTER_SECONDS * 1000))).toBeLessThan(5_000);
  });
}
