import { defineConfig } from '@playwright/test';
import { DATABASE_ENV, IN_MEMORY_DATABASE } from './demo/sandbox/config.ts';
import { toolPath } from './scripts/debian-tools';

// Every sandbox a test starts, in a worker or a child process, keeps its data in memory only.
process.env[DATABASE_ENV] = IN_MEMORY_DATABASE;

export default defineConfig({
  testDir: 'e2e',
  // Only the browser specs, not the Firefox suite's *.firefox.ts (Vitest's) or the support modules.
  testMatch: '**/*.spec.ts',
  // Its own command, `npm run test:wordpress` (e2e/wordpress/playwright.config.ts).
  testIgnore: 'wordpress/**',
  timeout: 60_000,
  // Assertions wait for their condition; a machine whose cores are busy elsewhere needs longer than 5 s.
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      // Debian's Chromium: Playwright cannot download its own browsers on this network.
      executablePath: toolPath('chromium'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
