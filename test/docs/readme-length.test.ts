// @vitest-environment node
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// Issue 25: a newcomer reads the README whole, so reference material (framework recipes, the
// sandbox's internals, benchmarks) lives in docs/. Counted as `wc -l` counts.
it('README.md stays under 350 lines', () => {
  const lines = readFileSync('README.md', 'utf8').split('\n').length - 1;
  expect(lines).toBeLessThan(350);
});
