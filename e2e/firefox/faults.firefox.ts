import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFaultServer, type FaultServer } from '../support/fault-server';
import { bundleSite } from '../support/http';
import { listenWithSandbox, type SandboxServer } from '../support/sandbox';
import { CORS_BLOCKED, generatorOn, press, useFirefox, waitForLines } from './support/firefox';

// A few cases of e2e/faults.spec.ts in Firefox: the page on one loopback origin, the SCIM API on
// another (the fault server, or the sandbox), as on a docs site that embeds the element.
const firefox = useFirefox();
let site: SandboxServer;
let faults: FaultServer;

beforeAll(async () => {
  [site, faults] = await Promise.all([listenWithSandbox(bundleSite()), startFaultServer()]);
});
afterAll(async () => {
  await Promise.all([site?.close(), faults?.close()]);
});

/** An element added to a CMS page with these attributes and a stored key, and the batch of one press. */
async function pressOnce(attributes: Record<string, string>, expectedErrors: RegExp[] = []) {
  const page = await firefox.open(`${site.url}cms.html`, { apiKey: 'a-key-the-fault-server-ignores', expectedErrors });
  await page.$eval(
    '#content',
    (content, attributes) => {
      const element = document.createElement('scim-generator');
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      content.append(element);
    },
    attributes,
  );
  const element = await generatorOn(page);
  const batch = await press(element);
  return { page, element, batch };
}

const statusCounts = (lines: { text: string }[]) =>
  lines.reduce<Record<string, number>>((counts, { text }) => {
    const status = text.split(' ')[0] ?? '';
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

it('a server answering 201, 409, HTML 500, 400 and resets in turn gives ten lines, each its own outcome', async () => {
  faults.reset();
  const { page, element, batch } = await pressOnce({ 'base-url': faults.baseUrl('mix') }, [CORS_BLOCKED]);
  const lines = await waitForLines(element);

  expect(statusCounts(lines)).toEqual({ '201': 2, '409': 2, '500': 2, '400': 2, '0': 2 });
  expect(lines.filter(({ text }) => text.startsWith('409'))).toEqual(
    Array(2).fill({ part: 'result error', text: '409 Conflict — uniqueness: userName is already taken' }),
  );
  expect(lines.filter(({ text }) => text.startsWith('500')).map(({ text }) => text)).toEqual(Array(2).fill('500 Internal Server Error'));
  expect(lines.filter(({ text }) => text.startsWith('0 ')).every(({ text }) => text.startsWith('0 Network error'))).toBe(true);
  expect(batch.results.filter(({ ok }) => ok)).toHaveLength(2);
  // The HTML error page's script and markup stay text, never run.
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
});

it('a server without CORS headers: ten lines name the wall and the header the page origin needs, found by two probes', async () => {
  faults.reset();
  const { page, element, batch } = await pressOnce({ 'base-url': faults.baseUrl('no-cors') }, [CORS_BLOCKED]);
  const lines = await waitForLines(element);
  const origin = new URL(page.url()).origin;
  // The wall in full on the first line, briefly on the others.
  expect(lines.every(({ part, text }) => part === 'result error' && text.startsWith('0 Blocked by CORS — '))).toBe(true);
  expect(lines[0]?.text).toContain(`Access-Control-Allow-Origin: ${origin}`);
  expect(batch.results.map(({ diagnosis }) => diagnosis)).toEqual(Array(10).fill('cors-origin'));
  expect(faults.requests.filter(({ method }) => method === 'GET').map(({ headers }) => headers.authorization)).toEqual([undefined, undefined]);
});

it('a server that never answers: each call is aborted at the timeout and says so', async () => {
  const { element } = await pressOnce({ 'base-url': faults.baseUrl('hang'), timeout: '300' });
  const lines = await waitForLines(element);
  expect(lines.every(({ text }) => text === '0 Timed out — No response within 300 ms')).toBe(true);
});

it('no stored key: the sandbox answers 401 and the element shows the warning with a link to the key page', async () => {
  const page: Page = await firefox.open(`${site.url}iife.html`);
  const element = await generatorOn(page);
  const batch = await press(element);
  expect(batch.results.map(({ status }) => status)).toEqual(Array(10).fill(401));
  await page.waitForFunction((host) => Boolean(host.shadowRoot?.querySelector('[part="notice"]')), {}, element);
  const notice = await element.evaluate((host) => {
    const box = host.shadowRoot?.querySelector('[part="notice"]');
    const paragraphs = [...(box?.querySelectorAll('p') ?? [])].map((paragraph) => paragraph.textContent);
    return { text: paragraphs.slice(0, 2), link: box?.querySelector('a')?.href, lines: host.shadowRoot?.querySelectorAll('[part~="result"]').length };
  });
  expect(notice).toEqual({
    text: ['Warning: You are not authenticated. Please get a valid API key here.', 'No API key is stored in this browser.'],
    link: new URL('/apikey/', site.url).href,
    lines: 0,
  });
});
