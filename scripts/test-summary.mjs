// Prints one line, `N passed, M failed`, summed over every suite's JSON report.
// A suite that left no report did not run (`npm test` stopped before it): it is named so, and counts
// as one failure.
import { existsSync, readFileSync } from 'node:fs';

const vitestCount = (r) => [r.numPassedTests, r.numFailedTests];
const playwrightCount = (r) => [r.stats.expected + r.stats.flaky, r.stats.unexpected];
const suites = [
  { name: 'unit (vitest)', file: 'reports/vitest.json', count: vitestCount },
  { name: 'sanitizers (vitest, jsdom)', file: 'reports/sanitizers.json', count: vitestCount },
  { name: 'browser (playwright)', file: 'reports/playwright.json', count: playwrightCount },
  { name: 'Firefox (vitest, puppeteer-core)', file: 'reports/firefox.json', count: vitestCount },
  { name: 'WordPress (playwright)', file: 'reports/wordpress.json', count: playwrightCount },
];

let passed = 0;
let failed = 0;
for (const suite of suites) {
  if (!existsSync(suite.file)) {
    console.log(`${suite.name}: not run (no report at ${suite.file})`);
    failed += 1;
    continue;
  }
  const [p, f] = suite.count(JSON.parse(readFileSync(suite.file, 'utf8')));
  passed += p;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed`);
