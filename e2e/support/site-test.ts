import type { SandboxOptions } from '../../demo/sandbox/http/app';
import { storeApiKey } from './generator';
import { bundleSite } from './http';
import { test as pageErrorsTest } from './page-errors';
import { listenWithSandbox, type SandboxServer } from './sandbox';

/**
 * `test` with, per test, a fresh server holding the built bundles, the static pages of
 * `e2e/fixtures` and its own empty sandbox SCIM provider (so no test sees another's records:
 * group names come from a small space and a repeat answers 409). Page errors fail the test.
 */
export const test = pageErrorsTest.extend<{ sandboxOptions: SandboxOptions; site: SandboxServer }>({
  sandboxOptions: [{}, { option: true }],
  site: async ({ sandboxOptions, page }, use) => {
    const site = await listenWithSandbox(bundleSite(), { sandbox: sandboxOptions });
    await use(site);
    // The page first: a fetch still under way (the lazy chunk) would fail on a closed server and log an error.
    await page.close();
    await site.close();
  },
});

/** `test` whose page holds a Pro key of the site's sandbox in `localStorage` before each test. */
export const testWithProKey = test.extend<{ apiKey: string }>({
  apiKey: [
    async ({ page, site }, use) => {
      const key = await site.createApiKey('pro');
      await storeApiKey(page, key);
      await use(key);
    },
    { auto: true },
  ],
});

export { expect } from './page-errors';
