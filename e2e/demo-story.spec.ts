import { expect, test } from '@playwright/test';
import type { DemoServer } from '../demo/server';
import { startTestDemoServer } from './support/demo-server';
import { demoGenerator as generator, expectTenCreated, pressAndSettle as press } from './support/demo-site';

// The server `npm start` runs, with a Free limit two presses can use up.
const FREE_LIMIT = 20;
const PRO_PLAN_DELAY_MS = 500;

let server: DemoServer;

test.beforeAll(async () => {
  server = await startTestDemoServer({ sandbox: { freeLimit: FREE_LIMIT, proLimit: 100, windowMs: 60_000 } });
});

test.afterAll(async () => {
  await server?.close();
});

interface HandOffTimes {
  clickedAt?: number;
  selectedAt?: number;
}

/** Runs in the page: notes when the Pro link is clicked and when the Pro plan card becomes selected. */
function recordHandOffTimes() {
  const times: HandOffTimes = {};
  Object.assign(window, { handOff: times });
  const isProLink = (target: EventTarget) => target instanceof HTMLAnchorElement && target.textContent === 'Create a Pro Access key';
  document.addEventListener(
    'click',
    (event) => {
      if (event.composedPath().some(isProLink)) times.clickedAt ??= performance.now();
    },
    { capture: true },
  );
  document.querySelectorAll('.plan-card input')[1]?.addEventListener('change', () => {
    times.selectedAt ??= performance.now();
  });
}

test('the demo story: key, Users and Groups, rate limit, Pro hand-off, forgotten key', async ({ page }, testInfo) => {
  // Six presses on a dev server, whose first press alone may take a while on a busy machine (pressAndSettle).
  test.slow();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.setViewportSize({ width: 1280, height: 900 });

  await test.step('create a Free key on /apikey/', async () => {
    await page.goto(new URL('/apikey/', server.url).href);
    const planCards = page.locator('.plan-card');
    await expect(planCards).toHaveCount(2);
    await expect(planCards.nth(0).getByRole('radio')).toBeChecked();
    await expect(planCards.nth(0)).toContainText(`${FREE_LIMIT} requests per minute`);

    await page.locator('#create-new-access-key').getByRole('button', { name: 'Create a Free key' }).click();
    await expect(page.locator('[data-key-plan]')).toHaveText('Free key');
    await expect(page.locator('[data-key-limit]')).toHaveText(`${FREE_LIMIT} requests per minute`);
    const storedKey = await page.evaluate(() => localStorage.getItem('apikey'));
    expect(storedKey).toMatch(/^\S{32,}$/);
    await expect(page.locator('[data-key-value]')).toHaveText(storedKey ?? '');
  });

  await test.step('generate Users and Groups on /', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Generators' }).click();
    await expect(page).toHaveURL(server.url);
    await press(page, 'Users');
    await expectTenCreated(generator(page, 'Users'));
    await press(page, 'Groups');
    await expectTenCreated(generator(page, 'Groups'));

    const screenshot = testInfo.outputPath('demo-with-results.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    await testInfo.attach('demo with results', { path: screenshot, contentType: 'image/png' });
  });

  await test.step('press until the rate limit shows', async () => {
    // Two presses of ten calls used up the Free limit, so the third one is refused.
    const users = await press(page, 'Users');
    await expect(users.locator('[part="notice"]')).toContainText(
      'Rate Limit Exceeded: Your API key has reached its request limit.',
    );
    await expect(users.locator('[part~="result"]')).toHaveCount(0);
  });

  await test.step('the Pro link opens the key page and selects Pro after 500 ms', async () => {
    // The key page is hidden, so not by role: hidden elements have none.
    const proRadio = page.locator('.plan-card').nth(1).locator('input[type="radio"]');
    await expect(proRadio).not.toBeChecked();
    // Timed in the page, so a slow test runner cannot blur the 500 ms.
    await page.evaluate(recordHandOffTimes);
    await generator(page, 'Users').getByRole('link', { name: 'Create a Pro Access key' }).click();

    await expect(page).toHaveURL(new URL('/apikey/#create-new-access-key', server.url).href);
    await expect(page.locator('#create-new-access-key')).toBeInViewport();
    await expect(proRadio).toBeChecked({ timeout: 2_000 });
    const { clickedAt, selectedAt } = await page.evaluate(() => (window as unknown as { handOff: HandOffTimes }).handOff);
    expect(clickedAt).toBeDefined();
    // Timer and clock rounding can land a fraction of a millisecond early.
    expect((selectedAt ?? 0) - (clickedAt ?? 0)).toBeGreaterThanOrEqual(PRO_PLAN_DELAY_MS - 2);
    expect((selectedAt ?? 0) - (clickedAt ?? 0)).toBeLessThan(2_000);
    await expect(page.getByRole('button', { name: 'Create a Pro key' })).toBeVisible();
    // The widget stayed in the document, hidden with its page, and keeps its notice.
    await expect(generator(page, 'Users').locator('[part="notice"]')).toBeAttached();

    const screenshot = testInfo.outputPath('key-page-pro-selected.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    await testInfo.attach('key page, Pro selected', { path: screenshot, contentType: 'image/png' });
  });

  await test.step('create the Pro key and come back: the rate-limit notice is gone', async () => {
    await page.getByRole('button', { name: 'Create a Pro key' }).click();
    await expect(page.locator('[data-key-plan]')).toHaveText('Pro key');
    await page.goBack();
    await expect(page).toHaveURL(server.url);
    await expect(generator(page, 'Users').locator('[part="notice"]')).toHaveText(
      'The stored API key has changed since this press. Press the button to try again with it.',
    );
    await page.goForward();
  });

  await test.step('forget the key and see the 401 warning', async () => {
    await page.getByRole('button', { name: 'Forget the key' }).click();
    await expect(page.locator('[data-key-absent]')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('apikey'))).toBeNull();

    await page.goBack();
    await expect(page).toHaveURL(server.url);
    const groups = await press(page, 'Groups');
    await expect(groups.locator('[part="notice"] p').first()).toHaveText('Warning: You are not authenticated. Please get a valid API key here.');
    await expect(groups.locator('[part="notice"] p').nth(1)).toHaveText('No API key is stored in this browser.');
    await expect(groups.locator('[part="notice"]').getByRole('link', { name: 'here' })).toHaveAttribute(
      'href',
      new URL('/apikey/', server.url).href,
    );
  });

  expect(pageErrors).toEqual([]);
});
