import { expect, type Locator, type Page } from '@playwright/test';
import { API_KEY_STORAGE_NAME } from '../../src/public/constants';
import { COMPLETE_EVENT } from '../../src/public/event-names';
import type { BatchResult } from '../../src/entries/index';
import { isUser } from '../../src/scim/records/records';
import { createdLinesFor, readResultLines, sortByText, uniqueName, type RenderedLine } from './result-lines';
import type { SandboxServer } from './sandbox';

/** Stores `key` where the element reads it (`localStorage['apikey']`) before any page script runs. */
export async function storeApiKey(page: Page, key: string): Promise<void> {
  await page.addInitScript(({ name, value }) => localStorage.setItem(name, value), { name: API_KEY_STORAGE_NAME, value: key });
}

/** The result lines an element shows right now, in display order. */
export function resultLines(element: Locator): Promise<RenderedLine[]> {
  return element.evaluate(readResultLines);
}

/** The same lines sorted by text: lines appear in the order responses arrive, which varies. */
export async function sortedResultLines(element: Locator): Promise<RenderedLine[]> {
  return sortByText(await resultLines(element));
}

/** Puts `<scim-generator>` with `attributes` on the CMS fixture page (the IIFE build; the sandbox at /scim/v2). */
export async function showGenerator(page: Page, siteUrl: string, attributes: Record<string, string>): Promise<Locator> {
  await page.goto(`${siteUrl}cms.html`);
  await page.locator('#content').evaluate((content, attributes) => {
    const element = document.createElement('scim-generator');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    content.append(element);
  }, attributes);
  return page.locator('scim-generator');
}

/** The element's generate button (`Generate Users →` or `Generate Groups →`). */
export function generateButton(element: Locator): Locator {
  return element.getByRole('button', { name: /^Generate (Users|Groups)/ });
}

/** Clicks `button` and resolves with the detail of the next `eventType` event the element dispatches. */
export async function clickForEvent<Detail>(element: Locator, button: Locator, eventType: string): Promise<Detail> {
  const pending = await element.evaluateHandle((host, type) => {
    const done = new Promise<Detail>((resolve) =>
      host.addEventListener(type, (event) => resolve((event as CustomEvent<Detail>).detail), { once: true }),
    );
    return { done };
  }, eventType);
  await button.click();
  return pending.evaluate((handle) => handle.done);
}

/** Presses the element's button and resolves with the detail of the batch's complete event. */
export function generateBatch(element: Locator): Promise<BatchResult> {
  return clickForEvent(element, generateButton(element), COMPLETE_EVENT);
}

/**
 * Presses the element's button and waits until every record of the batch shows as a
 * `201 Created <name>` success line. Resolves with the batch.
 */
export async function generateAndExpectCreated(element: Locator): Promise<BatchResult> {
  const batch = await generateBatch(element);
  expect(batch.results).toHaveLength(10);
  await expect.poll(() => sortedResultLines(element)).toEqual(createdLinesFor(batch));
  return batch;
}

/** Expects `provider` to hold every record of the batch, found by userName or displayName. */
export async function expectHeldBy(provider: SandboxServer, apiKey: string, batch: BatchResult): Promise<void> {
  const resourceType = batch.results.some(({ record }) => isUser(record)) ? 'Users' : 'Groups';
  const names = batch.results.map(({ record }) => uniqueName(record));
  expect(await provider.heldNames(apiKey, resourceType)).toEqual(expect.arrayContaining(names));
}

export interface RecordedEvent<Detail = unknown> {
  type: string;
  /** `id` of the event's target. */
  targetId: string;
  detail: Detail;
}

/**
 * Records events of the given types that reach `document` (they bubble and are composed),
 * from this call on. Read them with the returned function.
 */
export async function recordEvents(page: Page, types: string[]): Promise<() => Promise<RecordedEvent[]>> {
  const key = `__recordedEvents${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, types }) => {
      const recorded: unknown[] = [];
      Object.defineProperty(window, key, { value: recorded });
      for (const type of types) {
        document.addEventListener(type, (event) => {
          const target = event.target as Element;
          recorded.push({ type, targetId: target.id, detail: (event as CustomEvent).detail });
        });
      }
    },
    { key, types },
  );
  return () => page.evaluate((key) => (window as unknown as Record<string, RecordedEvent[]>)[key] ?? [], key);
}
