import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import type { Page } from '@playwright/test';
import { builtElementChunk } from '../build/element-chunk';
import { TAG_NAME } from '../src/public/constants';
import { generateAndExpectCreated, storeApiKey } from './support/generator';
import { expect, test } from './support/page-errors';
import { listenWithSandbox, type SandboxServer } from './support/sandbox';
import { VERSION_MARK, buildMarkedVersion } from './support/version-build';

// Issue 40: every file the loader and the define entry import is named by its content. A site that
// upgrades by copying the new dist/ over the old one, to visitors whose browser keeps the old chunks,
// runs only the new.

// One build of the next version for the file: its tests run one after another in one worker.
test.describe.configure({ mode: 'default' });

const versionA = fileURLToPath(new URL('../dist/', import.meta.url));
let root: string;
let versionB: string;
let site: SandboxServer;

/** docs/benchmarks.md's advice: the loader, under a name that never changes, revalidated; the hashed chunks kept a year. */
const cacheControl = (path: string) => (path.includes(join('dist', 'chunks')) ? 'public, max-age=31536000, immutable' : 'no-cache');

const chunksIn = async (dist: string) => (await readdir(join(dist, 'chunks'))).filter((name) => name.endsWith('.js'));

/** The chunks the page loaded since it was last navigated, whether from the network or the cache. */
async function chunksLoaded(page: Page, requested: Set<string>): Promise<string[]> {
  const timed = await page.evaluate(() => performance.getEntriesByType('resource').map(({ name }) => new URL(name).pathname));
  return [...new Set([...requested, ...timed])].filter((path) => path.startsWith('/dist/chunks/')).map((path) => path.slice('/dist/chunks/'.length));
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  root = await mkdtemp(join(tmpdir(), 'scim-upgrade-'));
  versionB = join(root, 'b');
  await buildMarkedVersion(versionB, 'B');
});

test.afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

test.afterEach(async ({ page }) => {
  await page.close(); // before its server: see e2e/support/site-test.ts
  await site.close();
});

// What a page loads: the loader, or the define entry with a preload hint of version A's element
// chunk, written once and left stale by the upgrade.
const PAGES = [
  { entry: 'the loader', head: () => '<script type="module" src="/dist/scim-generator.js"></script>' },
  {
    entry: 'the define entry and a stale preload hint',
    head: () => `<link rel="modulepreload" href="/dist/${builtElementChunk(versionA)}"><script type="module" src="/dist/scim-generator-define.js"></script>`,
  },
];

for (const { entry, head } of PAGES) {
  test(`${entry}: after dist/ is replaced by the next version, a reload with a warm cache runs only the new chunks`, async ({ page }) => {
    expect(builtElementChunk(versionB)).not.toBe(builtElementChunk(versionA));
    const served = join(root, entry.replace(/\W+/g, '-'), 'dist');
    await cp(versionA, served, { recursive: true });
    const app = express();
    app.use('/dist', express.static(served, { setHeaders: (res, path) => res.setHeader('Cache-Control', cacheControl(path)) }));
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Docs</title>${head()}</head><body><${TAG_NAME}></${TAG_NAME}></body></html>`;
    app.get('/page.html', (_req, res) => void res.type('html').send(html));
    site = await listenWithSandbox(app);
    await storeApiKey(page, await site.createApiKey('pro'));
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname));

    await page.goto(`${site.url}page.html`);
    await generateAndExpectCreated(page.locator(TAG_NAME));
    expect(await page.evaluate((mark) => (globalThis as Record<string, unknown>)[mark], VERSION_MARK)).toBeUndefined();
    const chunksOfA = await chunksLoaded(page, requested);
    expect(chunksOfA).toContain(builtElementChunk(versionA).slice('chunks/'.length));

    // The upgrade: B's files copied over A's, so the two versions' chunks sit side by side.
    await cp(versionB, served, { recursive: true });
    requested.clear();
    await page.reload();
    await generateAndExpectCreated(page.locator(TAG_NAME));
    expect(await page.evaluate((mark) => (globalThis as Record<string, unknown>)[mark], VERSION_MARK)).toBe('B');
    const chunksOfB = await chunksIn(versionB);
    const chunksRun = await chunksLoaded(page, requested);
    expect(chunksRun).toContain(builtElementChunk(versionB).slice('chunks/'.length));
    expect(chunksRun.length).toBeGreaterThan(1); // the lazy chunks a press loads, too
    // A stale hint fetches A's element chunk, which nothing imports: a wasted fetch, and no more of A.
    const hinted = html.includes('modulepreload') ? [builtElementChunk(versionA).slice('chunks/'.length)] : [];
    expect(chunksRun.filter((name) => !chunksOfB.includes(name) && !hinted.includes(name))).toEqual([]);
  });
}
