import { chromium, type Browser, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config.ts';
import {
  LAZY_CHUNK_LOADED,
  PROBE_SCRIPT,
  READINGS_EXPRESSION,
  TEN_LINES_SHOWN,
  pressAndCompleteExpression,
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

/** A fresh context (empty cache, no open connections) with the probe and an API key in place. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript({ content: PROBE_SCRIPT });
  await context.addInitScript((key) => localStorage.setItem('apikey', key), API_KEY);
  return context.newPage();
}

async function readings(page: Page, protocol: Protocol): Promise<Readings> {
  await page.waitForFunction(TEN_LINES_SHOWN);
  const result = (await page.evaluate(READINGS_EXPRESSION)) as Readings;
  if (result.protocol !== EXPECTED_PROTOCOL[protocol]) {
    throw new Error(`Expected ${protocol} but the browser used ${result.protocol}`);
  }
  return result;
}

/** Loads the page, waits until the idle-time preload has run, then presses the button as a user would. */
export async function pressAfterPreload(browser: Browser, origin: string, protocol: Protocol, latencyMs: number) {
  const page = await freshPage(browser);
  try {
    await page.goto(pageUrl(origin, latencyMs));
    await page.waitForFunction(LAZY_CHUNK_LOADED);
    await page.locator('scim-generator button').click();
    return await readings(page, protocol);
  } finally {
    await page.context().close();
  }
}

/** Loads the page and presses the button in the same task it appears, before any preload. */
export async function pressAtOnce(browser: Browser, origin: string, protocol: Protocol, latencyMs: number) {
  const page = await freshPage(browser);
  try {
    await page.goto(`${pageUrl(origin, latencyMs)}#press-at-once`);
    return await readings(page, protocol);
  } finally {
    await page.context().close();
  }
}

/**
 * JS heap in use (V8's usedSize, after a forced garbage collection) once the page has seen each
 * number of presses in `checkpoints` (ascending), every batch completed before the next press.
 */
export async function heapAfterPresses(browser: Browser, origin: string, checkpoints: number[]): Promise<number[]> {
  const page = await freshPage(browser);
  try {
    const cdp = await page.context().newCDPSession(page);
    await page.goto(pageUrl(origin, 0));
    await page.waitForFunction(LAZY_CHUNK_LOADED);
    const heap: number[] = [];
    let pressed = 0;
    for (const presses of checkpoints) {
      await page.evaluate(pressAndCompleteExpression(presses - pressed));
      pressed = presses;
      await cdp.send('HeapProfiler.collectGarbage');
      heap.push((await cdp.send('Runtime.getHeapUsage')).usedSize);
    }
    return heap;
  } finally {
    await page.context().close();
  }
}
