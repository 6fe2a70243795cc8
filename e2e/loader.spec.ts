import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import express from 'express';
import type { Page } from '@playwright/test';
import { ELEMENT_CHUNK_PATH, builtElementChunk } from '../build/element-chunk';
import { TAG_NAME } from '../src/public/constants';
import { generateAndExpectCreated, storeApiKey } from './support/generator';
import { bundleSite } from './support/http';
import { expect, failedLoadLine, test } from './support/page-errors';
import { listenWithSandbox, type SandboxServer } from './support/sandbox';

// Issue 24 in Chromium: the ES entry is a loader. A page without the element pays only for it; the
// element's chunk comes once a tag is on the page, under whatever URL the entry was loaded from.

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const LOADER = readFileSync(`${dist}scim-generator.js`);
const LOADER_BUDGET_BYTES = 3000;

let site: SandboxServer;
test.afterEach(async ({ page }) => {
  await page.close(); // before its server: see e2e/support/site-test.ts
  await site.close();
});

/** The sandbox, the built bundles, and `page` at `/page.html` (its script tags in `head`, its body in `body`). */
async function serve(page: Page, { head, body = '' }: { head: string; body?: string }, extra?: (app: express.Express) => void): Promise<void> {
  const app = bundleSite();
  extra?.(app);
  app.get('/page.html', (_req, res) => void res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Docs</title>${head}</head><body><main id="content">${body}</main></body></html>`));
  site = await listenWithSandbox(app);
  await storeApiKey(page, await site.createApiKey('pro'));
}

/** The package's files the page fetched, by path, each with its size gzipped at level 9. */
async function packageFetches(page: Page): Promise<{ path: string; gzipBytes: number }[]> {
  const paths = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.endsWith('.js')),
  );
  return paths.map((path) => {
    const file = path.replace(/^.*?\/(chunks\/)?([^/]+\.js)$/, (_match, chunks: string | undefined, name: string) => `${chunks ?? ''}${name}`);
    const bytes = file.startsWith('chunks/') ? readFileSync(`${dist}${file}`) : LOADER;
    return { path, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  });
}

const generator = (page: Page) => page.locator(TAG_NAME);

test('a page with the entry and no element fetches only the loader, under 3 kB gzip, and defines nothing', async ({ page }) => {
  await serve(page, { head: '<script type="module" src="/dist/scim-generator.js"></script>', body: '<h1>No element here</h1>' });
  await page.goto(`${site.url}page.html`);
  await page.waitForLoadState('networkidle');
  const fetched = await packageFetches(page);
  expect(fetched.map(({ path }) => path)).toEqual(['/dist/scim-generator.js']);
  expect(fetched[0]?.gzipBytes).toBeLessThanOrEqual(LOADER_BUDGET_BYTES);
  expect(await page.evaluate((tag) => customElements.get(tag), TAG_NAME)).toBeUndefined();
});

test('an element added later keeps the property set on it before; whenDefined and defineScimGenerator resolve; ten lines', async ({ page }) => {
  await serve(page, { head: '<script type="module" src="/dist/scim-generator.js"></script>' });
  await page.goto(`${site.url}page.html`);
  await page.waitForLoadState('networkidle');
  const definedClass = await page.evaluate(async (tag) => {
    const element = document.createElement(tag) as HTMLElement & { resourceType?: string };
    element.resourceType = 'Groups';
    document.querySelector('#content')?.append(element);
    const defined = await customElements.whenDefined(tag);
    const { defineScimGenerator } = (await import('/dist/scim-generator.js' as string)) as { defineScimGenerator(): Promise<unknown> };
    return (await defineScimGenerator()) === defined && defined === customElements.get(tag);
  }, TAG_NAME);
  expect(definedClass).toBe(true);
  await expect(generator(page)).toHaveAttribute('resource-type', 'Groups');
  await generateAndExpectCreated(generator(page));
});

test('a page with the element at load: ten lines on the first press', async ({ page }) => {
  await serve(page, { head: '<script type="module" src="/dist/scim-generator.js"></script>', body: `<${TAG_NAME}></${TAG_NAME}>` });
  await page.goto(`${site.url}page.html`);
  await generateAndExpectCreated(generator(page));
});

test('two copies of the loader on one page define the element once, with no error', async ({ page }) => {
  const head = '<script type="module" src="/dist/scim-generator.js"></script><script type="module" src="/copy/scim-generator.js"></script>';
  await serve(page, { head, body: `<${TAG_NAME}></${TAG_NAME}>` }, (app) => app.use('/copy', express.static(dist)));
  await page.goto(`${site.url}page.html`);
  await generateAndExpectCreated(generator(page));
  expect(await page.locator(TAG_NAME).evaluate((element) => element.shadowRoot?.querySelectorAll('button').length)).toBeGreaterThan(0);
});

// Issue 40: a page sure to hold the element loads the define entry, which imports the element's chunk
// statically, with a preload hint of that chunk: the two come in one round trip, not one after the other.
test('a page with the define entry and a modulepreload of its chunk asks for both at once; ten lines; no loader', async ({ page }) => {
  const chunk = builtElementChunk(dist);
  let chunkAsked = () => {};
  const chunkRequest = new Promise<void>((resolve) => (chunkAsked = resolve));
  let entryAnsweredFirst = false;
  const head = `<link rel="modulepreload" href="/held/${chunk}"><script type="module" src="/held/scim-generator-define.js"></script>`;
  await serve(page, { head, body: `<${TAG_NAME}></${TAG_NAME}>` }, (app) =>
    app.use(
      '/held',
      (request, _response, next) => {
        if (request.path === `/${chunk}`) chunkAsked();
        if (request.path !== '/scim-generator-define.js') return next();
        // The entry waits until the chunk has been asked for. A page that could ask for the chunk
        // only after running the entry would wait here in vain: then the entry is answered late.
        let late: ReturnType<typeof setTimeout> | undefined;
        const giveUp = new Promise<void>((resolve) => (late = setTimeout(() => ((entryAnsweredFirst = true), resolve()), 30_000)));
        void Promise.race([chunkRequest, giveUp]).then(() => (clearTimeout(late), next()));
      },
      express.static(dist),
    ),
  );
  await page.goto(`${site.url}page.html`);
  await generateAndExpectCreated(generator(page));
  expect(entryAnsweredFirst).toBe(false);
  const fetched = (await packageFetches(page)).map(({ path }) => path);
  expect(fetched).toContain(`/held/${chunk}`);
  expect(fetched.filter((path) => path.endsWith('/scim-generator.js'))).toEqual([]);
});

// What WordPress (`?ver=`), asset fingerprinting (a new name) and a copied dist/ (a new path) do to the URL.
const ENTRY_URLS = [
  { case: 'a query string', script: '/dist/scim-generator.js?ver=0.1.0' },
  { case: 'a fingerprinted name', script: '/dist/scim-generator.3f2a9c.js' },
  { case: 'another path', script: '/static/vendor/scim-generator/scim-generator.js' },
];
for (const entry of ENTRY_URLS) {
  test(`the entry under ${entry.case} loads one React and makes ten lines`, async ({ page }) => {
    await serve(page, { head: `<script type="module" src="${entry.script}"></script>`, body: `<${TAG_NAME}></${TAG_NAME}>` }, (app) => {
      app.get('/dist/scim-generator.3f2a9c.js', (_req, res) => void res.type('js').send(LOADER));
      app.use('/static/vendor/scim-generator', express.static(dist));
    });
    await page.goto(`${site.url}page.html`);
    await generateAndExpectCreated(generator(page));
    const chunks = (await packageFetches(page)).map(({ path }) => path.replace(/.*\/(chunks\/)/, '$1')).filter((path) => ELEMENT_CHUNK_PATH.test(path));
    expect(chunks).toEqual([builtElementChunk(dist)]);
  });
}

// Issue 36, F5: a chunk that fails once (a 503) is shown in each tag, retried by its Try again, and
// by a tag added later; the page gets no uncaught error.
test.describe('when the element’s chunk fails to load', () => {
  test.use({ expectedConsoleErrors: [failedLoadLine(503)] });
  const LOADER_TAG = '<script type="module" src="/dist/scim-generator.js"></script>';
  const failures = (page: Page) => page.locator(`${TAG_NAME} > [role="alert"]`);

  /** Answers the element's chunk 503 while `failing()` says so. */
  async function chunkFailsWhile(page: Page, failing: () => boolean): Promise<void> {
    await page.route(`**/${builtElementChunk(dist)}`, (route) => (failing() ? route.fulfill({ status: 503, body: 'Busy' }) : route.fallback()));
  }

  test('each tag says so with Try again, which loads it; ten lines then', async ({ page }) => {
    await serve(page, { head: LOADER_TAG, body: `<${TAG_NAME}></${TAG_NAME}><${TAG_NAME} resource-type="Groups"></${TAG_NAME}>` });
    let failing = true;
    await chunkFailsWhile(page, () => failing);
    await page.goto(`${site.url}page.html`);
    await expect(failures(page)).toHaveCount(2);
    await expect(failures(page).first()).toContainText(/^Could not load the element: .+ Try again$/);
    failing = false;
    await failures(page).nth(1).getByRole('button', { name: 'Try again' }).click();
    await expect(failures(page)).toHaveCount(0);
    await expect.poll(() => page.evaluate((tag) => customElements.get(tag) !== undefined, TAG_NAME)).toBe(true);
    await generateAndExpectCreated(generator(page).first());
  });

  test('a tag added after the failure loads the element again', async ({ page }) => {
    await serve(page, { head: LOADER_TAG, body: `<${TAG_NAME}></${TAG_NAME}>` });
    let failing = true;
    await chunkFailsWhile(page, () => failing);
    await page.goto(`${site.url}page.html`);
    await expect(failures(page)).toHaveCount(1);
    failing = false;
    await page.evaluate((tag) => document.querySelector('#content')?.append(document.createElement(tag)), TAG_NAME);
    await expect(failures(page)).toHaveCount(0);
    await generateAndExpectCreated(generator(page).last());
  });
});
