import type { Page } from '@playwright/test';
import { createKeyOnKeyPage, expect, pressAndSettle, test } from './support/demo-site';

// Issue 38: the demo fits a phone. At 320 and 375 px, in light and dark, no card and nothing in it
// (a long command, a Check line, the action bar) widens the page past the screen.

// The duplicate check's 409 and the unknown id's 404 are answers Check asks for.
test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of (401|404|409)\b/] });

/** How far the page is wider than its viewport, and the widest element that sticks out. */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 && getComputedStyle(element).position !== 'fixed')
      .map((element) => `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).replace(/\s+/g, '.')}` : ''}: ${element.textContent?.slice(0, 40)}`);
    return { scroll: document.documentElement.scrollWidth - width, outside: outside.slice(0, 3) };
  });
}

for (const width of [320, 375]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the demo fits ${width} px wide (${colorScheme}), every card, before and after a press and Check`, async ({ page, demo }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme });
      await page.goto(new URL('/apikey/', demo.url).href);
      await createKeyOnKeyPage(page, 'pro');
      expect(await overflowOf(page)).toEqual({ scroll: 0, outside: [] });
      await page.getByRole('navigation').getByRole('link', { name: 'Generators' }).click();
      await expect(page.locator('article.card').first()).toBeVisible();
      expect(await overflowOf(page)).toEqual({ scroll: 0, outside: [] });

      const users = await pressAndSettle(page, 'Users');
      await users.getByRole('button', { name: 'Check', exact: true }).click();
      await expect(users.locator('[part="check-summary"]')).toBeVisible({ timeout: 30_000 });
      await users.getByRole('button', { name: 'Details' }).first().click();
      expect(await overflowOf(page)).toEqual({ scroll: 0, outside: [] });
    });
  }
}
