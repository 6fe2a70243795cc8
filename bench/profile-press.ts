import { selfSignedCertificate } from '../test/support/certificate.ts';
import { launchChromium, onFreshPage, waitForPreload } from './browser.ts';
import { GENERATE_BUTTON, TEN_LINES_SHOWN } from './probe.ts';
import { pageUrl, startBenchServer } from './server.ts';
import { mainThreadShares, type TraceEvent } from './trace-shares.ts';

/**
 * Where a press's time goes: over HTTP/2 at 0 ms latency (the build in dist/), a DevTools trace
 * of the renderer's main thread from the press until the tenth line, summed by what ran, for
 * each of RUNS presses on a fresh page. `npm run bench:press` prints the medians.
 */
const RUNS = 5;
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'];

const certificate = selfSignedCertificate();
const browser = await launchChromium();
const server = await startBenchServer('HTTP/2', certificate);
const runs: Record<string, number>[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    runs.push(
      await onFreshPage(browser, async (page) => {
        await page.goto(pageUrl(server.origin, 0));
        await waitForPreload(page);
        await browser.startTracing(page, { categories: CATEGORIES });
        await page.locator(GENERATE_BUTTON).click();
        await page.waitForFunction(TEN_LINES_SHOWN);
        const { pressAt, tenthLineAt } = (await page.evaluate(
          '({ pressAt: window.__scimBench.pressAt, tenthLineAt: window.__scimBench.lineAt[9] })',
        )) as { pressAt: number; tenthLineAt: number };
        const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
        return { 'press → tenth line': tenthLineAt - pressAt, ...mainThreadShares(trace.traceEvents, tenthLineAt - pressAt) };
      }),
    );
  }
} finally {
  await server.close();
  await browser.close();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
console.log(`| main thread, press → tenth line, HTTP/2, 0 ms (median of ${RUNS}) | ms |\n|---|---:|`);
const kinds = [...new Set(runs.flatMap((run) => Object.keys(run)))];
// Each row is its own median, so the rows need not add up to the first.
for (const name of kinds) console.log(`| ${name} | ${median(runs.map((run) => run[name] ?? 0)).toFixed(1)} |`);
