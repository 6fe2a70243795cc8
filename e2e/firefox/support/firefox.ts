import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { API_KEY_STORAGE_NAME } from '../../../src/public/constants';
import { COMPLETE_EVENT } from '../../../src/public/event-names';
import type { BatchResult } from '../../../src/entries/index';
import { readResultLines, type RenderedLine } from '../../support/result-lines';
import { toolPath } from '../../../scripts/debian-tools';

// Debian's Firefox ESR over WebDriver BiDi: Playwright's own Firefox cannot be downloaded here, and
// its BiDi channel needs commands this Firefox does not have (emulation.setMediaFeaturesOverride).
const firefoxPath = toolPath('firefox');

export interface FirefoxPages {
  /**
   * A page in a fresh browser context (own storage), with `apiKey` stored before any script runs.
   * `expectedErrors` lets through errors the test provokes on purpose.
   */
  open(url: string, options?: { apiKey?: string; expectedErrors?: RegExp[] }): Promise<Page>;
}

/** Firefox's error for a call CORS refuses; puppeteer reports it as a page error. */
export const CORS_BLOCKED = /^Error: Cross-Origin Request Blocked:/;

/**
 * One Firefox for the test file, a browser context per page. Errors in a page (uncaught ones, and
 * what Firefox logs as a JavaScript error) fail the test that opened it.
 */
export function useFirefox(): FirefoxPages {
  let browser: Browser;
  let pageErrors: string[] = [];
  beforeAll(async () => {
    browser = await puppeteer.launch({ browser: 'firefox', protocol: 'webDriverBiDi', executablePath: firefoxPath });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    const errors = pageErrors;
    pageErrors = [];
    await Promise.all(browser.browserContexts().filter((context) => context !== browser.defaultBrowserContext()).map((context) => context.close()));
    expect(errors, 'uncaught errors in the page').toEqual([]);
  });
  return {
    async open(url, { apiKey, expectedErrors = [] } = {}) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      page.on('pageerror', (error) => {
        const message = String(error);
        if (!expectedErrors.some((pattern) => pattern.test(message))) pageErrors.push(message);
      });
      if (apiKey !== undefined) {
        await page.evaluateOnNewDocument((name, key) => localStorage.setItem(name, key), API_KEY_STORAGE_NAME, apiKey);
      }
      await page.goto(url);
      return page;
    },
  };
}

/** The element matching `selector`, once it is defined and has rendered its button. */
export async function generatorOn(page: Page, selector = 'scim-generator'): Promise<ElementHandle<Element>> {
  await page.waitForSelector(`${selector} >>> button`);
  const element = await page.$(selector);
  if (!element) throw new Error(`No ${selector} on the page`);
  return element;
}

/** The element's button text, e.g. `Generate Users →`. */
export function buttonText(element: ElementHandle<Element>): Promise<string> {
  return element.evaluate((host) => host.shadowRoot?.querySelector('button')?.textContent ?? '');
}

/** Clicks the element's button as a user would and resolves with the batch's complete event detail. */
export async function press(element: ElementHandle<Element>): Promise<BatchResult> {
  await element.evaluate((host, type) => {
    const batches: BatchResult[] = [];
    Object.assign(host, { batches });
    host.addEventListener(type, (event) => batches.push((event as CustomEvent<BatchResult>).detail), { once: true });
  }, COMPLETE_EVENT);
  const button = await element.$('>>> button');
  await button?.click();
  await element.frame.page().waitForFunction((host) => (host as unknown as { batches: BatchResult[] }).batches.length > 0, {}, element);
  return element.evaluate((host) => (host as unknown as { batches: BatchResult[] }).batches[0] as BatchResult);
}

/** The result lines the element shows, in display order. */
export function linesOf(element: ElementHandle<Element>): Promise<RenderedLine[]> {
  return element.evaluate(readResultLines);
}

/** Waits until the element shows `count` result lines, and returns them. */
export async function waitForLines(element: ElementHandle<Element>, count = 10): Promise<RenderedLine[]> {
  await element.frame
    .page()
    .waitForFunction((host, count) => host.shadowRoot?.querySelectorAll('[part~="result"]').length === count, {}, element, count);
  return linesOf(element);
}
