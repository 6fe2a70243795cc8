// The steps of `npm test`, in order (scripts/run-tests.ts), and the report each test suite writes.

export interface Step {
  /** How the summary names it. */
  name: string;
  /** The command and its arguments, run from the repository's root. */
  command: string[];
  /** The JSON report the suite writes (vite.config.ts, playwright.config.ts), and its reporter. */
  report?: { file: string; format: 'vitest' | 'playwright' };
  /** The step it tests the output of: when that one failed, this one is not run, and counts as failed. */
  needs?: string;
}

const npmRun = (script: string) => ['npm', 'run', script];
const BUILD = 'build';

export const STEPS: Step[] = [
  { name: 'lint', command: npmRun('lint') },
  { name: 'typecheck', command: npmRun('typecheck') },
  { name: 'import check', command: npmRun('check:imports') },
  { name: 'unit (vitest)', command: npmRun('test:unit'), report: { file: 'reports/vitest.json', format: 'vitest' } },
  { name: 'sanitizers (vitest, jsdom)', command: npmRun('test:sanitizers'), report: { file: 'reports/sanitizers.json', format: 'vitest' } },
  { name: BUILD, command: npmRun('build') },
  { name: 'package check', command: npmRun('check:package'), needs: BUILD },
  { name: 'size', command: npmRun('size'), needs: BUILD },
  { name: 'browser (playwright)', command: npmRun('test:browser'), report: { file: 'reports/playwright.json', format: 'playwright' }, needs: BUILD },
  { name: 'Firefox (vitest, puppeteer-core)', command: npmRun('test:firefox'), report: { file: 'reports/firefox.json', format: 'vitest' }, needs: BUILD },
];

/** Not part of `npm test`; CI adds it (`npm test -- --wordpress`). */
export const WORDPRESS_STEP: Step = {
  name: 'WordPress (playwright)',
  command: npmRun('test:wordpress'),
  report: { file: 'reports/wordpress.json', format: 'playwright' },
  needs: BUILD,
};
