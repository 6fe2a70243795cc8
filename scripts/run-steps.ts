// Runs steps one after another, each whether or not the ones before it failed, and sums them up
// (scripts/test-summary.ts). A step that tests another's output (`needs`) is not run when that one
// failed: e.g. the browser suites after a failed build would test a stale dist/ or none.
import { spawnSync, type StdioOptions } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Step } from './test-steps';
import { summarize, type StepResult } from './test-summary';

export interface RunOptions {
  /** Where the steps run and their reports are written. */
  root: string;
  stdio?: StdioOptions;
  log?: (line: string) => void;
}

/** Runs every step; returns the summary's lines and the number failed (each failing step counts at least one). */
export function runSteps(steps: Step[], { root, stdio = 'inherit', log = console.log }: RunOptions): { lines: string[]; failed: number } {
  const results: StepResult[] = [];
  for (const step of steps) {
    const needed = step.needs === undefined ? undefined : results.find((result) => result.step.name === step.needs);
    if (needed && needed.exitCode !== 0) {
      results.push({ step, notRun: `since ${step.needs} failed` });
      continue;
    }
    // A report left by an earlier run must not stand in for this one's.
    if (step.report) rmSync(join(root, step.report.file), { force: true });
    const started = Date.now();
    const [command = '', ...args] = step.command;
    const child = spawnSync(command, args, { cwd: root, stdio });
    const exitCode = child.status ?? 1;
    log(`── ${step.name}: ${exitCode === 0 ? 'passed' : `failed (exit ${exitCode})`} in ${Math.round((Date.now() - started) / 1000)} s`);
    results.push({ step, exitCode });
  }
  return summarize(results, root);
}
