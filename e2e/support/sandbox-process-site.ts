import type { Locator, Page } from '@playwright/test';
import { startSandboxProcess, type SandboxProcess } from '../../test/support/sandbox-process';
import { showGenerator } from './generator';
import { bundleSite, listen, type RunningServer } from './http';
import { test } from './page-errors';

/**
 * For a spec against a sandbox of its own settings: the sandbox process, started with `env` once
 * for the spec, and the bundle's page server, one per test. `generator` shows the element on that
 * page with `base-url` at the sandbox.
 */
export function useSandboxProcess(env: Record<string, string>): { sandbox: () => SandboxProcess; generator: (page: Page, attributes: Record<string, string>) => Promise<Locator> } {
  let sandbox: SandboxProcess;
  let site: RunningServer;
  test.beforeAll(async () => {
    sandbox = await startSandboxProcess(env);
  });
  test.afterAll(async () => sandbox.close());
  test.beforeEach(async () => {
    site = await listen(bundleSite());
  });
  test.afterEach(async ({ page }) => {
    await page.close(); // before its server: see e2e/support/site-test.ts
    await site.close();
  });
  return {
    sandbox: () => sandbox,
    generator: (page, attributes) => showGenerator(page, site.url, { 'base-url': sandbox.scimUrl, ...attributes }),
  };
}
