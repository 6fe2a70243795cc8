// @vitest-environment node
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { STEPS, WORDPRESS_STEP } from './test-steps';

const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };

it('`npm test` is the runner over these steps, and CI adds the WordPress suite to it', () => {
  expect(packageJson.scripts.test).toBe('tsx scripts/run-tests.ts');
  expect(readFileSync('.ci/run', 'utf8')).toMatch(/^npm test -- --wordpress$/m);
});

it('every step runs an npm script that exists, and names as `needs` a step before it', () => {
  const steps = [...STEPS, WORDPRESS_STEP];
  for (const [index, { command, needs }] of steps.entries()) {
    expect(command.slice(0, 2)).toEqual(['npm', 'run']);
    expect(Object.keys(packageJson.scripts)).toContain(command[2]);
    if (needs !== undefined) expect(STEPS.slice(0, Math.min(index, STEPS.length)).map(({ name }) => name)).toContain(needs);
  }
});
