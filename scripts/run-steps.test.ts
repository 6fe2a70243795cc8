// @vitest-environment node
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSteps } from './run-steps';
import type { Step } from './test-steps';

// Issue 54: `npm test` stopped at its first failing step, so a unit test that timed out meant no
// build and no browser test ran. Here the runner runs a real Vitest on a scratch failing test and a
// real Playwright on a scratch spec (no browser), in a folder of their own, with stand-ins for the
// build; the Playwright spec passes only if the build step ran before it.

const repo = resolve('.');
const node = process.execPath;
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'run-steps-'));
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  writeFileSync(join(root, 'vitest.config.mjs'), `export default { test: { include: ['*.test.mjs'], reporters: [['json', { outputFile: 'reports/vitest.json' }]] } };\n`);
  writeFileSync(
    join(root, 'scratch.test.mjs'),
    `import { expect, it } from 'vitest';\nit('passes', () => expect(1).toBe(1));\nit('fails on purpose', () => expect(1).toBe(2));\n`,
  );
  writeFileSync(
    join(root, 'playwright.config.mjs'),
    `export default { testDir: '.', testMatch: '*.spec.mjs', reporter: [['json', { outputFile: 'reports/playwright.json' }]] };\n`,
  );
  writeFileSync(
    join(root, 'built.spec.mjs'),
    `import { existsSync } from 'node:fs';\nimport { expect, test } from '@playwright/test';\ntest('sees the build', () => expect(existsSync('built')).toBe(true));\n`,
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const unit: Step = {
  name: 'unit',
  command: [node, join(repo, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.config.mjs'],
  report: { file: 'reports/vitest.json', format: 'vitest' },
};
const build = (exitCode: number): Step => ({ name: 'build', command: [node, '-e', `require('fs').writeFileSync('built', ''); process.exit(${exitCode})`] });
const browser: Step = {
  name: 'browser',
  command: [node, join(repo, 'node_modules/@playwright/test/cli.js'), 'test', '--config', 'playwright.config.mjs'],
  report: { file: 'reports/playwright.json', format: 'playwright' },
  needs: 'build',
};

function run(steps: Step[]) {
  rmSync(join(root, 'built'), { force: true });
  const log: string[] = [];
  return { ...runSteps(steps, { root, stdio: 'ignore', log: (line) => log.push(line) }), log };
}

describe('runSteps', () => {
  it('runs the build and the browser suite after a failing unit test, and counts every test', () => {
    const { lines, failed, log } = run([unit, build(0), browser]);
    expect(log).toEqual([
      expect.stringMatching(/^── unit: failed \(exit 1\) in \d+ s$/),
      expect.stringMatching(/^── build: passed in \d+ s$/),
      expect.stringMatching(/^── browser: passed in \d+ s$/),
    ]);
    // unit: 1 passed, 1 failed; the build: 1 passed; browser: 1 passed.
    expect(lines).toEqual(['Failures (1):', '  unit: scratch.test.mjs > fails on purpose', '3 passed, 1 failed']);
    expect(failed).toBe(1);
  }, 120_000);

  it('runs every step after a failed one, but names as not run what tests a failed build', () => {
    const lint: Step = { name: 'lint', command: [node, '-e', 'process.exit(3)'] };
    const { lines, failed, log } = run([lint, build(2), browser, unit]);
    expect(log.map((line) => line.replace(/ in \d+ s$/, ''))).toEqual(['── lint: failed (exit 3)', '── build: failed (exit 2)', '── unit: failed (exit 1)']);
    expect(lines).toEqual([
      'Failures (4):',
      '  lint: exited 3',
      '  build: exited 2',
      '  browser: not run, since build failed',
      '  unit: scratch.test.mjs > fails on purpose',
      '1 passed, 4 failed',
    ]);
    expect(failed).toBe(4);
    expect(existsSync(join(root, 'reports/playwright.json'))).toBe(true); // the first test's, not removed by a step not run
  }, 120_000);

  it('counts a suite that wrote no report as failed, not as a stale report from an earlier run', () => {
    writeFileSync(join(root, 'reports/vitest.json'), JSON.stringify({ testResults: [] }));
    const { lines } = run([{ ...unit, command: [node, '-e', 'process.exit(1)'] }]);
    expect(lines).toEqual(['Failures (1):', '  unit: exited 1 and wrote no report at reports/vitest.json', '0 passed, 1 failed']);
  });
});
