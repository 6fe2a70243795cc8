import { test as base, expect, type Page } from '@playwright/test';

/**
 * Collects what would show up as a red line in the page's console: uncaught exceptions,
 * unhandled rejections and `console.error` calls. Start before `page.goto`.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  return errors;
}

/**
 * Playwright's `test`, with page errors collected in every test and asserted empty after it.
 * A test can read `pageErrors` to assert earlier.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors = collectPageErrors(page);
      await use(errors);
      expect(errors, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
