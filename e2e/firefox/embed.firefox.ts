import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActionResult } from '../../src/entries/index';
import { ACTION_COMPLETE_EVENT } from '../../src/public/event-names';
import { bundleSite } from '../support/http';
import { createdLinesFor, sortByText, uniqueName } from '../support/result-lines';
import { listenWithSandbox, type SandboxServer } from '../support/sandbox';
import { buttonText, generatorOn, linesOf, press, useFirefox, waitForLines } from './support/firefox';

// The built bundles embedded the way a docs page or a CMS embeds them (e2e/fixtures), against the
// sandbox SCIM provider: the Firefox counterparts of e2e/embed-script.spec.ts and embed-dynamic.
const firefox = useFirefox();
let site: SandboxServer;
let apiKey: string;

beforeEach(async () => {
  site = await listenWithSandbox(bundleSite());
  apiKey = await site.createApiKey('pro');
});
afterEach(async () => {
  await site.close();
});

async function expectCreatedAndHeld(element: Parameters<typeof press>[0], resourceType: 'Users' | 'Groups') {
  const batch = await press(element);
  expect(batch.results).toHaveLength(10);
  await waitForLines(element);
  expect(sortByText(await linesOf(element))).toEqual(createdLinesFor(batch));
  expect(await site.heldNames(apiKey, resourceType)).toEqual(expect.arrayContaining(batch.results.map(({ record }) => uniqueName(record))));
}

describe('static pages', () => {
  it('the IIFE from a plain <script src> creates 10 users the server then holds', async () => {
    const page = await firefox.open(`${site.url}iife.html`, { apiKey });
    const element = await generatorOn(page);
    expect(await buttonText(element)).toBe('Generate Users →');
    await expectCreatedAndHeld(element, 'Users');
  });

  it('the ES module from <script type="module"> loads its lazy chunk and creates 10 groups', async () => {
    const page = await firefox.open(`${site.url}esm.html`, { apiKey });
    const element = await generatorOn(page);
    expect(await buttonText(element)).toBe('Generate Groups →');
    await expectCreatedAndHeld(element, 'Groups');
    const chunks = await page.evaluate(() =>
      performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.startsWith('/dist/chunks/')),
    );
    expect(chunks.length).toBeGreaterThan(0);
  });

  it('the shadow root is open and host page styles do not reach inside it', async () => {
    const page = await firefox.open(`${site.url}iife.html`, { apiKey });
    await page.addStyleTag({ content: 'button, input, label, ul, li, p, span { display: none !important; color: red !important }' });
    const element = await generatorOn(page);
    const inside = await element.evaluate((host) => {
      const button = host.shadowRoot?.querySelector('button');
      return { mode: host.shadowRoot?.mode, display: button && getComputedStyle(button).display, color: button && getComputedStyle(button).color };
    });
    expect(inside.mode).toBe('open');
    expect(inside.display).not.toBe('none');
    expect(inside.color).not.toBe('rgb(255, 0, 0)');
    await expectCreatedAndHeld(element, 'Users');
  });
});

describe('elements added and changed after load', () => {
  it('an element inserted later as HTML, as a CMS does, renders and creates groups', async () => {
    const page = await firefox.open(`${site.url}cms.html`, { apiKey });
    await page.$eval('#content', (content) => {
      content.innerHTML = '<h2>Try it</h2><scim-generator resource-type="Groups"></scim-generator>';
    });
    await expectCreatedAndHeld(await generatorOn(page), 'Groups');
  });

  it('an element made with createElement and configured by properties renders and creates users', async () => {
    const page = await firefox.open(`${site.url}cms.html`, { apiKey });
    await page.$eval('#content', (content) => {
      const element = document.createElement('scim-generator');
      element.resourceType = 'Users';
      element.baseUrl = `${location.origin}/scim/v2/`;
      content.append(element);
    });
    const element = await generatorOn(page);
    expect(await buttonText(element)).toBe('Generate Users →');
    await expectCreatedAndHeld(element, 'Users');
  });

  it('with the ES loader site-wide, an element added later keeps the property set before it was defined', async () => {
    const page = await firefox.open(`${site.url}loader.html`, { apiKey });
    const defined = await page.evaluate(() => customElements.get('scim-generator') !== undefined);
    await page.$eval('#content', (content) => {
      const element = document.createElement('scim-generator');
      element.resourceType = 'Groups';
      content.append(element);
    });
    // The button comes inside the shadow root once the loader has fetched the element's chunk,
    // which puppeteer's `>>>` wait does not see: poll for it.
    await page.waitForFunction(() => document.querySelector('scim-generator')?.shadowRoot?.querySelector('button'), { polling: 'raf' });
    const element = await generatorOn(page);
    expect(defined).toBe(false);
    expect(await buttonText(element)).toBe('Generate Groups →');
    expect(await element.evaluate((host) => host.getAttribute('resource-type'))).toBe('Groups');
    await expectCreatedAndHeld(element, 'Groups');
  });

  it('changing resource-type on a live element switches the button and what is created', async () => {
    const page = await firefox.open(`${site.url}iife.html`, { apiKey });
    const element = await generatorOn(page);
    expect(await buttonText(element)).toBe('Generate Users →');
    await element.evaluate((host) => host.setAttribute('resource-type', 'Groups'));
    await page.waitForFunction((host) => host.shadowRoot?.querySelector('button')?.textContent === 'Generate Groups →', {}, element);
    expect(await element.evaluate((host) => host.shadowRoot?.querySelector('label')?.textContent?.trim())).toBe('Add members');
    await expectCreatedAndHeld(element, 'Groups');
  });
});

describe('across a reload', () => {
  it("what a press left is the reloaded page's to delete: Press 1 of an earlier visit, whose Delete leaves none of its users on the server", async () => {
    const page = await firefox.open(`${site.url}iife.html`, { apiKey });
    const batch = await press(await generatorOn(page));
    const made = batch.results.map(({ record }) => uniqueName(record));
    expect(await site.heldNames(apiKey, 'Users')).toEqual(expect.arrayContaining(made));

    await page.reload();
    const element = await generatorOn(page);
    const status = (host: Element) => host.shadowRoot?.querySelector('[part~="earlier-status"]')?.textContent;
    await page.waitForFunction((host, text) => host.shadowRoot?.querySelector('[part~="earlier-status"]')?.textContent === text, {}, element, 'Press 1 of an earlier visit made 10 users that are still on the server.');
    await element.evaluate((host, type) => {
      const deleted: ActionResult[] = [];
      Object.assign(host, { deleted });
      host.addEventListener(type, (event) => deleted.push((event as CustomEvent<ActionResult>).detail), { once: true });
    }, ACTION_COMPLETE_EVENT);
    await (await element.$('>>> [part~="earlier"] [part~="action-button"]'))?.click();
    await page.waitForFunction((host) => (host as unknown as { deleted: ActionResult[] }).deleted.length > 0, {}, element);
    const deleted = await element.evaluate((host) => (host as unknown as { deleted: ActionResult[] }).deleted[0] as ActionResult);

    expect(deleted.results.map(({ done, applied }) => done && applied)).toEqual(Array(10).fill(true));
    expect((await site.heldNames(apiKey, 'Users')).filter((name) => made.includes(name))).toEqual([]);
    expect(await element.evaluate(status)).toBe('Press 1 of an earlier visit: everything it made is deleted.');
  });
});
