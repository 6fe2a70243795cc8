import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  INTERPRETER_ONLY,
  bareFetches,
  heapAfterPresses,
  launchChromium,
  navigationToButton,
  openDetails,
  pageWithoutElement,
  pressAfterPreload,
  pressAtOnce,
} from './browser.ts';
import { selfSignedCertificate } from '../test/support/certificate.ts';
import { ENTRY_SCRIPTS, startBenchServer, type EntryScript, type Protocol } from './server.ts';
import { builtFileSizes } from './sizes.ts';
import { readinessRuns, type ReadinessReadings } from './readiness.ts';
import { BIG_BODY_SHAPES } from '../test/support/big-bodies.ts';
import { benchTable, type BenchResults, type DetailsRuns, type EntryRuns, type HeapSeries, type LatencyRuns } from './table.ts';

const RUNS = 5;
const LATENCIES_MS = [0, 100, 400];
const IDP_LATENCY_MS = 400;
const PROTOCOLS: Protocol[] = ['HTTP/1.1', 'HTTP/2'];
const HEAP_CHECKPOINTS = [1, 100, 200];
const FILE_LATENCIES_MS = [0, 400];
// The define entry is for pages sure to hold the element; on one without it there is nothing to compare.
const NO_ELEMENT_ENTRIES = ['eager', 'loader'] as const;

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();

/** Progress goes to stderr, so stdout holds only the table. */
function progress(step: string): void {
  process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${step}\n`);
}

function build(): void {
  try {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    process.stderr.write(`${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}\nnpm run build failed\n`);
    process.exit(1);
  }
}

function cpuModel(): string {
  const line = readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m);
  return line?.[1]?.trim() ?? 'unknown CPU';
}

async function repeat<T>(times: number, run: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < times; i++) results.push(await run());
  return results;
}

/** The JS heap with V8's compilers off, so that no function is compiled again as it gets hot. */
async function interpreterOnlyHeap(origin: string): Promise<number[]> {
  const browser = await launchChromium(INTERPRETER_ONLY);
  try {
    return (await heapAfterPresses(browser, origin, HEAP_CHECKPOINTS)).map((reading) => reading.usedBytes);
  } finally {
    await browser.close();
  }
}

progress('npm run build');
build();
const sizes = builtFileSizes(`${root}dist`);
const certificate = selfSignedCertificate();
const browser = await launchChromium();
const chromiumVersion = browser.version();
const afterPreload: LatencyRuns[] = [];
const atOnce: LatencyRuns[] = [];
const bare: BenchResults['bareFetches'] = [];
const heap: HeapSeries[] = [];
const entries: EntryRuns[] = [];
const details: DetailsRuns[] = [];
let readiness: ReadinessReadings[];
try {
  for (const protocol of PROTOCOLS) {
    const server = await startBenchServer(protocol, certificate);
    try {
      for (const latencyMs of LATENCIES_MS) {
        progress(`${protocol}, ${latencyMs} ms latency: ${RUNS} × (load, preload, press)`);
        const runs = await repeat(RUNS, () => pressAfterPreload(browser, server.origin, protocol, latencyMs));
        afterPreload.push({ protocol, latencyMs, runs });
      }
      // profile="entra" looks each user up before its POST: two round trips at the least.
      progress(`${protocol}, ${IDP_LATENCY_MS} ms latency, profile="entra": ${RUNS} × (load, preload, press)`);
      const idpRuns = await repeat(RUNS, () => pressAfterPreload(browser, server.origin, protocol, IDP_LATENCY_MS, 'entra'));
      afterPreload.push({ protocol, latencyMs: IDP_LATENCY_MS, profile: 'entra', floorRoundTrips: 2, runs: idpRuns });
      progress(`${protocol}: ${RUNS} × press in the task the button appears`);
      const runs = await repeat(RUNS, () => pressAtOnce(browser, server.origin, protocol, 0));
      atOnce.push({ protocol, latencyMs: 0, runs });
      progress(`${protocol}: one file, the loader and the define entry, ${RUNS} × each on a page without the element and on one with it`);
      const perEntry = async <Entry extends EntryScript, T>(entries: readonly Entry[], run: (entry: Entry) => Promise<T>) => {
        const runs: Partial<Record<Entry, T[]>> = {};
        for (const entry of entries) runs[entry] = await repeat(RUNS, () => run(entry));
        return runs as Record<Entry, T[]>;
      };
      const withoutElement = await perEntry(NO_ELEMENT_ENTRIES, (entry) => pageWithoutElement(browser, server.origin, entry, sizes));
      const toButton: EntryRuns['toButton'] = [];
      for (const fileLatencyMs of FILE_LATENCIES_MS) {
        toButton.push({ fileLatencyMs, runs: await perEntry(ENTRY_SCRIPTS, (entry) => navigationToButton(browser, server.origin, protocol, entry, fileLatencyMs)) });
      }
      entries.push({ protocol, withoutElement, toButton });
      progress(`${protocol}: ${RUNS} × ten bare fetch() calls`);
      bare.push({ protocol, runs: await repeat(RUNS, () => bareFetches(browser, server.origin, protocol)) });
      if (protocol === 'HTTP/2') {
        for (const shape of BIG_BODY_SHAPES) {
          progress(`${RUNS} × open Details with a 256 KB body: ${shape}`);
          details.push({ shape, runs: await repeat(RUNS, () => openDetails(browser, server.origin, shape)) });
        }
        progress(`JS heap over ${HEAP_CHECKPOINTS.at(-1)} presses, then again with V8 interpreter only`);
        const readings = await heapAfterPresses(browser, server.origin, HEAP_CHECKPOINTS);
        const series = (variant: string, usedBytes: number[]) => heap.push({ variant, presses: HEAP_CHECKPOINTS, usedBytes });
        series('', readings.map((reading) => reading.usedBytes));
        series('less V8 compiled code', readings.map((reading) => reading.usedBytes - reading.compiledCodeBytes));
        series('V8 interpreter only', await interpreterOnlyHeap(server.origin));
      }
    } finally {
      await server.close();
    }
  }
  progress(`${RUNS} × "Ready for all?" against the sandbox`);
  readiness = await readinessRuns(browser, RUNS);
} finally {
  await browser.close();
}

console.log(
  `scim-generator bench: nproc ${availableParallelism()}, ${cpuModel()}, Chromium ${chromiumVersion}, ` +
    `timings are medians of ${RUNS} runs, ${Math.round((performance.now() - started) / 1000)} s in all`,
);
console.log(benchTable({ sizes, entries, afterPreload, atOnce, bareFetches: bare, heap, details, readiness }));
