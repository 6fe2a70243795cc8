import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config.ts';
import { heapAfterGc, type HeapReading } from '../e2e/support/heap.ts';
import {
  BARE_FETCHES_EXPRESSION,
  LAZY_CHUNKS_RUN,
  lazyChunksFetched,
  PROBE_SCRIPT,
  READINGS_EXPRESSION,
  TEN_LINES_SHOWN,
  pressAndCompleteExpression,
  type FetchReadings,
  type Readings,
} from './probe.ts';
import { pageUrl, type Protocol } from './server.ts';

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
async function onFreshPage<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: PROBE_SCRIPT });
    await context.addInitScript((key) => localStorage.setItem('apikey', key), API_KEY);
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** How many lazily loaded chunks the ES build has (read after the build). */
const lazyChunkCount = () => readdirSync(fileURLToPath(new URL('../dist/chunks', import.meta.url))).filter((name) => name.endsWith('.js')).length;

/** Waits until the element's idle-time preload has fetched and run every lazy chunk. */
async function waitForPreload(page: Page): Promise<void> {
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
    await page.locator('scim-generator button').click();
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
