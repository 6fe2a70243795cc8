// What `npm test` ends with: every failure, one a line, then `N passed, M failed` summed over every
// step. A test suite counts its tests from its JSON report; any other step counts as one.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Step } from './test-steps';

export interface StepResult {
  step: Step;
  /** The step's exit code; absent when it was not run, and `notRun` says why. */
  exitCode?: number;
  notRun?: string;
}

interface Count {
  passed: number;
  /** Each failed test (or file, or error outside any test), named. */
  failures: string[];
}

interface VitestReport {
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string }[] }[];
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; tests: { projectName: string; status: string }[] }[];
}
interface PlaywrightReport {
  suites: PlaywrightSuite[];
  errors?: { message?: string }[];
}

const firstLine = (text = '') => text.trim().split('\n')[0] ?? '';

function countVitest(report: VitestReport, root: string): Count {
  const count: Count = { passed: 0, failures: [] };
  for (const file of report.testResults) {
    const path = relative(root, file.name);
    const failed = file.assertionResults.filter(({ status }) => status === 'failed');
    count.passed += file.assertionResults.filter(({ status }) => status === 'passed').length;
    count.failures.push(...failed.map(({ fullName }) => `${path} > ${fullName}`));
    // A file that failed outside its tests (an import, a hook) has no failed test to name.
    if (file.status === 'failed' && failed.length === 0) count.failures.push(`${path}: ${firstLine(file.message)}`);
  }
  return count;
}

function countPlaywright(report: PlaywrightReport): Count {
  const count: Count = { passed: 0, failures: [] };
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        // `flaky` passed on a retry; `skipped` counts neither way.
        if (test.status === 'expected' || test.status === 'flaky') count.passed += 1;
        if (test.status === 'unexpected') count.failures.push([spec.file, ...titles, spec.title].join(' > ') + ` (${test.projectName || 'default'})`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  count.failures.push(...(report.errors ?? []).map(({ message }) => firstLine(message)));
  return count;
}

function countStep({ step, exitCode, notRun }: StepResult, root: string): Count {
  if (notRun !== undefined) return { passed: 0, failures: [`${step.name}: not run, ${notRun}`] };
  if (!step.report) return exitCode === 0 ? { passed: 1, failures: [] } : { passed: 0, failures: [`${step.name}: exited ${exitCode}`] };
  const file = join(root, step.report.file);
  if (!existsSync(file)) return { passed: 0, failures: [`${step.name}: exited ${exitCode} and wrote no report at ${step.report.file}`] };
  const report: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const count = step.report.format === 'vitest' ? countVitest(report as VitestReport, root) : countPlaywright(report as PlaywrightReport);
  const failures = count.failures.map((failure) => `${step.name}: ${failure}`);
  if (exitCode !== 0 && failures.length === 0) failures.push(`${step.name}: exited ${exitCode}, though its report names no failed test`);
  return { passed: count.passed, failures };
}

/** The summary's lines (the failures, if any, then `N passed, M failed`) and the number failed. */
export function summarize(results: StepResult[], root: string): { lines: string[]; failed: number } {
  const counts = results.map((result) => countStep(result, root));
  const passed = counts.reduce((sum, { passed }) => sum + passed, 0);
  const failures = counts.flatMap(({ failures }) => failures);
  const list = failures.length === 0 ? [] : [`Failures (${failures.length}):`, ...failures.map((failure) => `  ${failure}`)];
  return { lines: [...list, `${passed} passed, ${failures.length} failed`], failed: failures.length };
}
