import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { DATABASE_ENV, IN_MEMORY_DATABASE } from '../../demo/sandbox/config.ts';

// The Firefox suite: the element's core and embed cases in Debian's Firefox ESR, driven by
// puppeteer-core over WebDriver BiDi. `npm run test:firefox`; part of `npm test`.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['e2e/firefox/**/*.firefox.ts'],
    environment: 'node',
    // Every sandbox a test starts keeps its data in memory only.
    env: { [DATABASE_ENV]: IN_MEMORY_DATABASE },
    // One Firefox at a time: each file starts its own.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/firefox.json' }]],
  },
});
