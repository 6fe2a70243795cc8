import { test as base, expect, type Page } from '@playwright/test';

/**
 * Collects what would show up as a red line in the page's console: uncaught exceptions,
 * unhandled rejections, `console.error` calls and failed loads (Chromium logs every HTTP error
 * response there). Console lines matching `expected` are left out. Start before `page.goto`.
 */
export function collectPageErrors(page: Page, expected: RegExp[] = []): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error' || expected.some((pattern) => pattern.test(message.text()))) return;
    errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  return errors;
}

/** Chromium's console line for an HTTP error response with this status, e.g. 401. */
export function failedLoadLine(status: number): RegExp {
  return new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`);
}

/**
 * Playwright's `test`, with page errors collected in every test and asserted empty after it.
 * A test can read `pageErrors` to assert earlier; `test.use({ expectedConsoleErrors })` lets
 * through console lines a test provokes on purpose (see `failedLoadLine`).
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp[]; pageErrors: string[] }>({
  expectedConsoleErrors: [[], { option: true }],
  pageErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors = collectPageErrors(page, expectedConsoleErrors);
      await use(errors);
      expect(errors, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
