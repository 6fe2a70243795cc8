import type { Locator, Page } from '@playwright/test';
import type { DemoServer } from '../../demo/server';
import { startTestDemoServer } from './demo-server';
import type { Plan } from '../../demo/sandbox/shared/plan';
import { test as pageErrorsTest, expect } from './page-errors';

/**
 * `test` with the server `npm start` runs (demo pages and sandbox), one per worker: starting Vite
 * takes seconds. Tests share its sandbox, so they create Users (unique names) rather than Groups
 * (a small name space where a repeat answers 409). Page errors fail the test.
 */
export const test = pageErrorsTest.extend<object, { demo: DemoServer }>({
  demo: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const server = await startTestDemoServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
});

export { expect };

export type DemoResourceType = 'Users' | 'Groups';

export const demoGenerator = (page: Page, resourceType: DemoResourceType): Locator =>
  page.locator(`scim-generator[resource-type="${resourceType}"]:not([profile])`);

/** On the key page: selects `plan`, presses *Create a … key* and waits until the key is stored. */
export async function createKeyOnKeyPage(page: Page, plan: Plan): Promise<void> {
  const planName = plan === 'free' ? 'Free' : 'Pro';
  await page.locator(`.plan-card input[value="${plan}"]`).check();
  await page.getByRole('button', { name: `Create a ${planName} key` }).click();
  await expect(page.locator('[data-key-plan]')).toHaveText(`${planName} key`);
}

/**
 * Presses Generate and waits for the batch to show: ten result lines, or the 401/429 notice. A
 * page's first press waits for Vite's dev server to transform the lazy chunks; beside two busy
 * processes on 2 cores that took over 15 s once.
 */
export async function pressAndSettle(page: Page, resourceType: DemoResourceType): Promise<Locator> {
  const widget = demoGenerator(page, resourceType);
  await widget.getByRole('button', { name: `Generate ${resourceType} →` }).click();
  await expect(widget.locator('[part~="result"]:nth-child(10), [part="notice"]').first()).toBeVisible({
    timeout: 60_000,
  });
  return widget;
}

/** Expects the widget to show ten `201 Created <name>` lines. */
export async function expectTenCreated(widget: Locator): Promise<void> {
  const lines = widget.locator('[part~="result"]');
  await expect(lines).toHaveCount(10);
  await expect(lines.filter({ hasText: /201 Created \S/ })).toHaveCount(10);
}
