import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import base from '../../playwright.config';

const fromRoot = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

// `npm run test:wordpress`: the WordPress suite, apart from `npm test` because it needs Debian's
// WordPress, PHP and MariaDB (scripts/ensure-tools.ts installs them). .ci/run runs it.
export default defineConfig({
  ...base,
  testDir: '.',
  testIgnore: [],
  outputDir: fromRoot('test-results/wordpress'),
  reporter: [['list'], ['json', { outputFile: fromRoot('reports/wordpress.json') }]],
});
