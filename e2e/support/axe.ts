import type { Page, TestInfo } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { createRequire } from 'node:module';

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Runs axe-core on the whole page, or on the elements `selector` matches (it enters open shadow
 * roots), attaches the full results to the test report and prints a summary, so passes and
 * findings are visible, not just failures.
 */
export async function runAxe(page: Page, testInfo: TestInfo, label: string, selector?: string): Promise<AxeResults> {
  await page.addScriptTag({ path: axeScript });
  const results = await page.evaluate(
    (selector) =>
      (window as unknown as { axe: { run(context: Document | { include: string[] }): Promise<AxeResults> } }).axe.run(
        selector ? { include: [selector] } : document,
      ),
    selector,
  );
  await testInfo.attach(`axe results: ${label}`, {
    body: JSON.stringify(results, null, 2),
    contentType: 'application/json',
  });
  console.log(summarize(results, label));
  return results;
}

/** Violations a user would hit hard: impact serious or critical. */
export function blockingViolations(results: AxeResults): { id: string; help: string; targets: string[] }[] {
  return results.violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, help, nodes }) => ({ id, help, targets: nodes.map(({ target }) => target.join(' ')) }));
}

function summarize(results: AxeResults, label: string): string {
  const listRules = (rules: AxeResults['violations']) =>
    rules.map(({ id, impact, nodes }) => `${id}${impact ? ` (${impact})` : ''} ×${nodes.length}`).join(', ') || 'none';
  return [
    `axe ${results.testEngine.version}, ${label}:`,
    `  violations: ${listRules(results.violations)}`,
    `  incomplete (needs review): ${listRules(results.incomplete)}`,
    `  passes: ${results.passes.length} rules (${results.passes.map(({ id }) => id).join(', ')})`,
    `  inapplicable: ${results.inapplicable.length} rules`,
  ].join('\n');
}
