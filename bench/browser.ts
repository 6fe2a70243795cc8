import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config.ts';
import { heapAfterGc, type HeapReading } from '../test/support/heap.ts';
import {
  BARE_FETCHES_EXPRESSION,
  GENERATE_BUTTON,
  LAZY_CHUNKS_RUN,
  lazyChunksFetched,
  PROBE_SCRIPT,
  READINGS_EXPRESSION,
  TEN_LINES_SHOWN,
  pressAndCompleteExpression,
  type FetchReadings,
  type Readings,
} from './probe.ts';
import { DETAILS_PAINTED, DETAILS_PROBE_SETUP, DETAILS_READINGS_EXPRESSION, type DetailsReadings } from './details-probe.ts';
import { bigBodyPageUrl, entryPageUrl, pageUrl, type EntryScript, type Protocol } from './server.ts';
import type { BigBodyShape } from '../test/support/big-bodies.ts';
import type { FileSize } from './sizes.ts';

const EXPECTED_PROTOCOL: Record<Protocol, string> = { 'HTTP/1.1': 'http/1.1', 'HTTP/2': 'h2' };
const API_KEY = 'bench-key';

/** Chromium as the browser tests launch it, plus trust in the run's self-signed certificate. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  return chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--ignore-certificate-errors', ...extraArgs],
  });
}

/** V8 with its compilers off: compiled code no longer grows the heap as functions warm up. */
export const INTERPRETER_ONLY = ['--js-flags=--no-sparkplug --no-maglev --no-opt'];

/**
 * Runs `use` on a page of a fresh context (empty cache, no open connections) with the probe and
 * an API key in place, then closes the context.
 */
export async function onFreshPage<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: PROBE_SCRIPT });
    await context.addInitScript((key) => localStorage.setItem('apikey', key), API_KEY);
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The chunk loaded only when the reader opens "Edit records", which no idle preload fetches. */
const ON_DEMAND = /^editor-view-/;

/** How many lazily loaded chunks the ES build has that the idle preload fetches (read after the build). */
const lazyChunkCount = () =>
  readdirSync(fileURLToPath(new URL('../dist/chunks', import.meta.url))).filter((name) => name.endsWith('.js') && !ON_DEMAND.test(name)).length;

/** Waits until the element's idle-time preload has fetched and run every lazy chunk. */
export async function waitForPreload(page: Page): Promise<void> {
  await page.waitForFunction(lazyChunksFetched(lazyChunkCount()));
  await page.evaluate(LAZY_CHUNKS_RUN);
}

function expectProtocol(protocol: Protocol, used: string): void {
  if (used !== EXPECTED_PROTOCOL[protocol]) throw new Error(`Expected ${protocol} but the browser used ${used}`);
}

async function readings(page: Page, protocol: Protocol): Promise<Readings> {
  await page.waitForFunction(TEN_LINES_SHOWN);
  const result = (await page.evaluate(READINGS_EXPRESSION)) as Readings;
  expectProtocol(protocol, result.protocol);
  return result;
}

/** Loads the page, waits until the idle-time preload has run, then presses the button as a user would. */
export function pressAfterPreload(browser: Browser, origin: string, protocol: Protocol, latencyMs: number, profile?: string) {
  return onFreshPage(browser, async (page) => {
    await page.goto(pageUrl(origin, latencyMs, profile));
    await waitForPreload(page);
    await page.locator(GENERATE_BUTTON).click();
    return readings(page, protocol);
  });
}

/** Loads the page and presses the button in the same task it appears, before any preload. */
export function pressAtOnce(browser: Browser, origin: string, protocol: Protocol, latencyMs: number) {
  return onFreshPage(browser, async (page) => {
    await page.goto(`${pageUrl(origin, latencyMs)}#press-at-once`);
    return readings(page, protocol);
  });
}

/** Presses the button against a server answering each POST with a body of `shape`, then opens the first line's Details. */
export function openDetails(browser: Browser, origin: string, shape: BigBodyShape): Promise<DetailsReadings> {
  return onFreshPage(browser, async (page) => {
    await page.goto(bigBodyPageUrl(origin, shape));
    await waitForPreload(page);
    await page.locator(GENERATE_BUTTON).click();
    await page.waitForFunction(TEN_LINES_SHOWN);
    await page.evaluate(DETAILS_PROBE_SETUP);
    await page.locator('scim-generator').getByRole('button', { name: /^Details for / }).first().click();
    await page.waitForFunction(DETAILS_PAINTED);
    return (await page.evaluate(DETAILS_READINGS_EXPRESSION)) as DetailsReadings;
  });
}

/**
 * The browser's own share: on the same freshly loaded page, ten bare `fetch()` POSTs like the
 * element's, made in one go from page script, timed to their responses.
 */
export function bareFetches(browser: Browser, origin: string, protocol: Protocol): Promise<FetchReadings> {
  return onFreshPage(browser, async (page) => {
    await page.goto(pageUrl(origin, 0));
    await waitForPreload(page);
    const result = (await page.evaluate(BARE_FETCHES_EXPRESSION)) as FetchReadings & { protocol: string };
    expectProtocol(protocol, result.protocol);
    return result;
  });
}

/**
 * The JS heap after a forced garbage collection, and its compiled code, once the page has seen
 * each number of presses in `checkpoints` (ascending), every batch completed before the next press.
 */
export function heapAfterPresses(browser: Browser, origin: string, checkpoints: number[]): Promise<HeapReading[]> {
  return onFreshPage(browser, async (page) => {
    const cdp = await page.context().newCDPSession(page);
    await page.goto(pageUrl(origin, 0));
    await waitForPreload(page);
    const readings: HeapReading[] = [];
    let pressed = 0;
    for (const presses of checkpoints) {
      await page.evaluate(pressAndCompleteExpression(presses - pressed));
      pressed = presses;
      readings.push(await heapAfterGc(cdp));
    }
    return readings;
  });
}

/** What a page without the element paid for `entry`: the package files it fetched (gzip -9) and its script time. */
export interface NoElementCost {
  gzipBytes: number;
  scriptMs: number;
}

/**
 * Loads a page with `entry` and no element, waits until the network is idle, and reads the
 * package files it fetched (their gzip -9 sizes, from `sizes`) and Chromium's script time
 * (`Performance.getMetrics` ScriptDuration: compiling and running every script of the page).
 */
export function pageWithoutElement(browser: Browser, origin: string, entry: EntryScript, sizes: FileSize[]): Promise<NoElementCost> {
  return onFreshPage(browser, async (page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(entryPageUrl(origin, entry, false, 0));
    await page.waitForLoadState('networkidle');
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((resource) => new URL(resource.name).pathname.replace(/^\/files\/\d+\/dist\//, '')),
    );
    const gzipBytes = fetched.reduce((sum, file) => sum + (sizes.find((size) => size.file === file)?.gzip ?? 0), 0);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const scriptSeconds = metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? NaN;
    return { gzipBytes, scriptMs: scriptSeconds * 1000 };
  });
}

/** Milliseconds from navigation until the element's button is in its shadow root, every package file answered after `fileLatencyMs`. */
export function navigationToButton(browser: Browser, origin: string, protocol: Protocol, entry: EntryScript, fileLatencyMs: number): Promise<number> {
  return onFreshPage(browser, async (page) => {
    await page.goto(entryPageUrl(origin, entry, true, fileLatencyMs));
    await page.waitForFunction(() => (window as unknown as { __scimBench: { buttonAt: number | null } }).__scimBench.buttonAt !== null);
    const { buttonAt, used } = await page.evaluate(() => ({
      buttonAt: (window as unknown as { __scimBench: { buttonAt: number } }).__scimBench.buttonAt,
      used: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    }));
    expectProtocol(protocol, used);
    return buttonAt;
  });
}
