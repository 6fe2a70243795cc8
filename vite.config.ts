import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'demo/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,tsx}'],
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
});
