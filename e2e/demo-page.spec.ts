import { API_KEY_STORAGE_NAME } from '../src/public/constants';
import { createKeyOnKeyPage, demoGenerator, expect, expectTenCreated, test } from './support/demo-site';
import { failedLoadLine } from './support/page-errors';

test('Enter on Create a … key and on Forget the key leaves keyboard focus on the button', async ({ page, demo }) => {
  await page.goto(new URL('/apikey/', demo.url).href);
  const create = page.getByRole('button', { name: 'Create a Free key' });
  const forget = page.getByRole('button', { name: 'Forget the key' });

  await create.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-key-plan]')).toHaveText('Free key');
  await expect(create).toBeFocused();
  await expect(create).not.toHaveAttribute('aria-disabled');
  expect(await page.evaluate((key) => localStorage.getItem(key), API_KEY_STORAGE_NAME)).toMatch(/^\S{32,}$/);

  await expect(forget).not.toHaveAttribute('aria-disabled');
  await forget.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-key-absent]')).toBeVisible();
  await expect(forget).toBeFocused();
  await expect(forget).toHaveAttribute('aria-disabled', 'true');
  expect(await page.evaluate((key) => localStorage.getItem(key), API_KEY_STORAGE_NAME)).toBeNull();

  // Unavailable, it keeps focus and does nothing; Tab goes on from it.
  await page.keyboard.press('Enter');
  await expect(forget).toBeFocused();
  await createKeyOnKeyPage(page, 'pro');
  await expect(page.getByRole('button', { name: 'Create a Pro key' })).toBeFocused();
});

test("the plan cards' rows line up at desktop width", async ({ page, demo }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(new URL('/apikey/', demo.url).href);
  await expect(page.locator('[data-plan-limit="pro"]')).not.toHaveText('loading limits…');
  const top = (selector: string) =>
    page.locator(`.plan-card ${selector}`).evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));

  for (const row of ['.plan-name', '.plan-limit', '.plan-note']) {
    const [free, pro] = await top(row);
    expect(Math.abs((free ?? 0) - (pro ?? Infinity)), `${row}: Free at ${free}, Pro at ${pro}`).toBeLessThanOrEqual(1);
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the demo follows prefers-color-scheme: ${colorScheme}`, async ({ page, demo }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto(demo.url);
    const luminance = (selector: string, property: 'color' | 'backgroundColor') =>
      page.locator(selector).first().evaluate((element, property) => {
        const [r = 0, g = 0, b = 0] = getComputedStyle(element)[property].match(/\d+(\.\d+)?/g)?.map(Number) ?? [];
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      }, property);

    const pageBackground = await luminance('html', 'backgroundColor');
    const cardBackground = await luminance('.card', 'backgroundColor');
    // The element inherits the page's text colour, so its lines follow too.
    const widgetText = await demoGenerator(page, 'Users').evaluate((host) => {
      const [r = 0, g = 0, b = 0] = getComputedStyle(host).color.match(/\d+/g)?.map(Number) ?? [];
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    });
    if (colorScheme === 'dark') {
      expect(pageBackground).toBeLessThan(0.15);
      expect(cardBackground).toBeLessThan(0.15);
      expect(widgetText).toBeGreaterThan(0.8);
    } else {
      expect(pageBackground).toBeGreaterThan(0.9);
      expect(cardBackground).toBeGreaterThan(0.9);
      expect(widgetText).toBeLessThan(0.25);
    }
  });
}

test.describe('a key the sandbox forgot', () => {
  // The page asks the sandbox about the stored key; Chromium logs the 401 that answers.
  test.use({ expectedConsoleErrors: [failedLoadLine(401)] });

  test('the demo says the stored key is forgotten (expired or evicted), where it said a key is stored', async ({ page, demo }) => {
    await page.goto(new URL('/apikey/', demo.url).href);
    await createKeyOnKeyPage(page, 'pro');
    await page.goto(demo.url);
    await expect(page.locator('[data-key-status]')).toHaveText(/^A Pro key is stored in this browser\./);

    // What the sandbox sees of a key it expired or evicted: a key it does not hold.
    await page.evaluate((name) => localStorage.setItem(name, 'a-key-the-sandbox-let-go'), API_KEY_STORAGE_NAME);
    await page.reload();
    await expect(page.locator('[data-key-status]')).toContainText('no longer known to the sandbox: it expired unused, was evicted to make room for new keys');
    await expect(page.locator('[data-key-status]').getByRole('link', { name: 'Create a new key' })).toHaveAttribute('href', '/apikey/');
  });
});

test("the Okta card: ten 201 lines, each after Okta's lookup by userName", async ({ page, demo }) => {
  await page.goto(new URL('/apikey/', demo.url).href);
  await createKeyOnKeyPage(page, 'pro');
  await page.goto(demo.url);
  const okta = page.locator('scim-generator[profile="okta"]');
  await okta.getByRole('button', { name: 'Generate Users →' }).click();
  await expectTenCreated(okta);
  await okta.locator('[part~="result"]').first().getByRole('button', { name: /^Details for / }).click();
  const first = okta.locator('[part~="result"]').first();
  await expect(first.locator('.call-title')).toHaveText(['Lookup · GET /scim/v2/Users', 'Create · POST /scim/v2/Users']);
  await expect(first).toContainText('startIndex=1&count=100');
});
