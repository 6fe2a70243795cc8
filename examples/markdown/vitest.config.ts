import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The sanitizer suite: the settings of sanitizer-settings.ts against DOMPurify (on jsdom, as on a
// server), sanitize-html and marked, which this folder's package.json installs on demand.
// `npm run test:sanitizers`; part of `npm test`.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['examples/markdown/**/*.test.ts'],
    environment: 'node',
    reporters: ['default', ['json', { outputFile: 'reports/sanitizers.json' }]],
  },
});
