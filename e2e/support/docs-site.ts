import express from 'express';
import { cp, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { runAxe } from './axe';
import { buttonColors, painted } from './colors';
import { generateAndExpectCreated, generateButton, storeApiKey } from './generator';
import { createPackedSite, runCommand, type PackedSite } from './packed-site';
import { test, expect } from './page-errors';
import { listenWithSandbox, type SandboxServer } from './sandbox';
import { NPM_CI_TIMEOUT_MS } from '../../scripts/ci-once';
import { installSitePackages, SITE_PACKAGES_DIR } from './site-packages';

export interface BuiltDocsSite {
  /** The built site's folder (a copy of the fixture, with the packed package installed). */
  dir: string;
  /** Serves the build output, with the sandbox SCIM provider beside it. */
  server: SandboxServer;
  close(): Promise<void>;
}

/** How a site generator builds a copy of a fixture. */
export interface SiteBuild {
  /** The generator's program and its arguments; it runs in the site's folder. */
  command: string;
  args: string[];
  /** The folder, inside the site's, that the build writes and the server serves. */
  outDir: string;
  /**
   * Files and folders copied into the site before the build, as its author would: path in the
   * site → source, relative to the site's folder (the packed package is in
   * `node_modules/scim-generator`) or absolute.
   */
  copies?: Record<string, string>;
  /** Server rendering: the request handler the build made, for what `outDir` has no file for. */
  handler?: (siteDir: string) => Promise<express.Handler>;
  /** Where the site's folder is made: its other packages resolve from the folders above it. */
  sitesDir?: string;
  /** The path the site is served under, as on GitHub Pages (`/repo/`) or Read the Docs (`/en/latest/`); `/` by default. */
  basePath?: string;
}

/**
 * Copies a docs-site fixture, installs the package from `npm pack` into it, makes `build.copies`,
 * runs the generator (throws with the build's output when it fails) and serves `build.outDir`
 * (then `build.handler`) beside the sandbox.
 */
export async function buildSite(fixtureDir: string, build: SiteBuild): Promise<BuiltDocsSite> {
  const site: PackedSite = await createPackedSite(fixtureDir, build.sitesDir);
  for (const [target, source] of Object.entries(build.copies ?? {})) {
    await mkdir(dirname(join(site.dir, target)), { recursive: true });
    await cp(resolve(site.dir, source), join(site.dir, target), { recursive: true });
  }
  await runCommand(build.command, build.args, site.dir);
  const app = express();
  const server = await listenWithSandbox(app);
  // The site after the sandbox, as an app's API comes before its pages: a server-rendered site
  // answers every path (Starlight renders its 404 page for /scim/v2/Users too).
  app.use(build.basePath ?? '/', express.static(join(site.dir, build.outDir)));
  if (build.handler) app.use(await build.handler(site.dir));
  app.get('/favicon.ico', (_request, response) => void response.sendStatus(204));
  return {
    dir: site.dir,
    server,
    async close() {
      await server.close();
      await site.remove();
    },
  };
}

/** A docs framework from e2e/sites' packages, and its command-line script, e.g. `vitepress`, `bin/vitepress.js`. */
export interface FrameworkCli {
  packageName: string;
  script: string;
  /** What the script is given to build the site in the current folder; `build .` by default. */
  args?: string[];
}

/**
 * `buildSite` for a docs framework from npm: installs e2e/sites' packages (once, see
 * site-packages.ts), makes the site in e2e/sites/builds, where they resolve, and runs
 * `node <cli> build .` (server rendering included).
 */
export async function buildDocsSite(
  fixtureDir: string,
  cli: FrameworkCli,
  build: Pick<SiteBuild, 'outDir' | 'handler' | 'basePath'>,
): Promise<BuiltDocsSite> {
  await installSitePackages();
  // Where npm puts a direct dependency: some packages (Eleventy) do not export their package.json to resolve.
  const script = join(SITE_PACKAGES_DIR, 'node_modules', cli.packageName, cli.script);
  return buildSite(fixtureDir, { ...build, command: process.execPath, args: [script, ...(cli.args ?? ['build', '.'])], sitesDir: join(SITE_PACKAGES_DIR, 'builds') });
}

/**
 * `build` once for the calling spec file (its tests run in order, in one worker), closed after
 * them; returns the built site for the tests. `timeoutMs`, when given, is the time the build gets.
 */
export function useBuiltSite(build: () => Promise<BuiltDocsSite>, timeoutMs?: number): () => BuiltDocsSite {
  let site: BuiltDocsSite | undefined;
  test.describe.configure({ mode: 'default' });
  test.beforeAll(async () => {
    if (timeoutMs !== undefined) test.setTimeout(timeoutMs);
    site = await build();
  });
  test.afterAll(() => site?.close());
  return () => {
    if (!site) throw new Error('The site was not built');
    return site;
  };
}

/**
 * `buildDocsSite` once for the calling spec file, as `useBuiltSite`. `buildTimeoutMs` is the
 * build's own time; the first run of a checkout also installs the frameworks, and gets time for that too.
 */
export function useBuiltDocsSite(
  fixtureDir: string,
  cli: FrameworkCli,
  build: Pick<SiteBuild, 'outDir' | 'handler' | 'basePath'>,
  buildTimeoutMs: number,
): () => BuiltDocsSite {
  return useBuiltSite(() => buildDocsSite(fixtureDir, cli, build), NPM_CI_TIMEOUT_MS + buildTimeoutMs);
}

/** Opens a page of the built site with a Pro key of its sandbox stored. */
export async function openBuiltPage(page: Page, site: BuiltDocsSite, path: string): Promise<void> {
  await storeApiKey(page, await site.server.createApiKey('pro'));
  await page.goto(new URL(path, site.server.url).href);
}

/**
 * Waits for the element to upgrade (its button reads `buttonText`), presses it and expects ten
 * `201 Created` lines.
 */
export async function pressToTenCreated(element: Locator, buttonText: string): Promise<void> {
  await expect(generateButton(element)).toHaveText(buttonText);

  const batch = await generateAndExpectCreated(element);

  expect(batch.results.map(({ status }) => status)).toEqual(Array(10).fill(201));
}

/**
 * Opens a page of the built site, presses its element to ten created lines, and expects no
 * console line about hydration at any level (React and Vue report some mismatches only as warnings).
 */
export async function pressOnBuiltPage(page: Page, site: BuiltDocsSite, path: string, buttonText: string): Promise<void> {
  const hydrationLines: string[] = [];
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) hydrationLines.push(`${message.type()}: ${message.text()}`);
  });
  await openBuiltPage(page, site, path);
  await pressToTenCreated(page.locator('scim-generator'), buttonText);
  expect(hydrationLines).toEqual([]);
}

/** Two tests: `what` (the page at `path`) pressed to ten created lines by a reader whose system asks for light, then dark. */
export function testPressInEachScheme(site: () => BuiltDocsSite, what: string, path: string, buttonText: string): void {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${what} presses to ten created lines (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await pressOnBuiltPage(page, site(), path, buttonText);
    });
  }
}

/** A docs theme: its name, how it names its brand colour, and how its page shows that it is in dark mode. */
export interface DocsTheme {
  name: string;
  brandVariable: string;
  darkPage: string;
}

/**
 * Two tests, light and dark: `path` opened as a reader whose system asks for that scheme (the
 * theme follows it), and then `expectButtonInBrand`.
 */
export function testButtonInThemeBrand(site: () => BuiltDocsSite, path: string, theme: DocsTheme): void {
  for (const scheme of ['light', 'dark'] as const) {
    test(`in ${theme.name}'s ${scheme} theme the button wears its brand colour, and axe finds nothing on the element`, async ({ page }, testInfo) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(new URL(path, site().server.url).href);
      await expect(page.locator(theme.darkPage)).toHaveCount(scheme === 'dark' ? 1 : 0);
      await expectButtonInBrand(page, testInfo, theme.brandVariable, `${theme.name}, ${scheme}`);
    });
  }
}

/**
 * Expects the Generate button painted in the theme's brand colour (`brandVariable` as the theme
 * sets it where the element stands) and axe to find nothing at all on the element.
 */
export async function expectButtonInBrand(page: Page, testInfo: TestInfo, brandVariable: string, label: string): Promise<void> {
  const element = page.locator('scim-generator');
  await expect(generateButton(element)).toBeVisible();
  const brand = await element.evaluate((host, name) => getComputedStyle(host).getPropertyValue(name), brandVariable);
  expect(brand, `${brandVariable} where the element stands`).not.toBe('');

  expect((await buttonColors(generateButton(element))).background).toEqual(await painted(page, brand));
  const { violations } = await runAxe(page, testInfo, label, 'scim-generator');
  // Each finding with axe's own summary (for contrast: the colours and the ratio it measured).
  const findings = violations.flatMap(({ id, nodes }) => nodes.map((node) => `${id} at ${node.target.join(' ')}: ${node.failureSummary}`));
  expect(findings).toEqual([]);
}
