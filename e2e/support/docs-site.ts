import express from 'express';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { runAxe } from './axe';
import { buttonColors, painted } from './colors';
import { generateAndExpectCreated, generateButton, storeApiKey } from './generator';
import { createPackedSite, runNode, type PackedSite } from './packed-site';
import { test, expect } from './page-errors';
import { listenWithSandbox, type SandboxServer } from './sandbox';
import { installSitePackages, SITE_PACKAGES_DIR, SITE_PACKAGES_INSTALL_TIMEOUT_MS } from './site-packages';

export interface BuiltDocsSite {
  /** The built site's folder (a copy of the fixture, with the packed package installed). */
  dir: string;
  /** Serves the build, with the sandbox SCIM provider beside it. */
  server: SandboxServer;
  close(): Promise<void>;
}

/** A docs framework's command-line script, e.g. `{ packageName: 'vitepress', script: 'bin/vitepress.js' }`. */
export interface FrameworkCli {
  packageName: string;
  script: string;
}

/** Makes the handler that answers for a built site, from the site's folder. */
export type ServeBuild = (siteDir: string) => express.Handler | Promise<express.Handler>;

/** Serves the files of a static build's output folder. */
export function staticFiles(outDir: string): ServeBuild {
  return (siteDir) => express.static(join(siteDir, outDir));
}

/**
 * Installs the docs frameworks (once, see site-packages.ts), copies a docs-site fixture into
 * e2e/sites/builds, where the frameworks resolve, installs the package from `npm pack` into it,
 * runs the framework's `build` (`cli build <dir>`, server rendering included; throws with the
 * build's output when it fails) and serves it with `serve`, beside the sandbox.
 */
async function buildDocsSite(fixtureDir: string, cli: FrameworkCli, serve: ServeBuild): Promise<BuiltDocsSite> {
  await installSitePackages();
  const site: PackedSite = await createPackedSite(fixtureDir, join(SITE_PACKAGES_DIR, 'builds'));
  await runNode([binOf(cli), 'build', site.dir], site.dir);
  const app = express();
  const server = await listenWithSandbox(app);
  // The site after the sandbox, as an app's API comes before its pages: a server-rendered site
  // answers every path (Starlight renders its 404 page for /scim/v2/Users too).
  app.use(await serve(site.dir)).get('/favicon.ico', (_request, response) => void response.sendStatus(204));
  return {
    dir: site.dir,
    server,
    async close() {
      await server.close();
      await site.remove();
    },
  };
}

/**
 * Builds the site once for the calling spec file (its tests run in order, in one worker) and
 * closes it after them; returns the built site for the tests to use. `buildTimeoutMs` is the
 * build's own time; the first run of a checkout also installs the frameworks, and gets time for it.
 */
export function useBuiltDocsSite(fixtureDir: string, cli: FrameworkCli, serve: ServeBuild, buildTimeoutMs: number): () => BuiltDocsSite {
  let site: BuiltDocsSite | undefined;
  test.describe.configure({ mode: 'default' });
  test.beforeAll(async () => {
    test.setTimeout(SITE_PACKAGES_INSTALL_TIMEOUT_MS + buildTimeoutMs);
    site = await buildDocsSite(fixtureDir, cli, serve);
  });
  test.afterAll(() => site?.close());
  return () => {
    if (!site) throw new Error(`The site of ${fixtureDir} was not built`);
    return site;
  };
}

function binOf({ packageName, script }: FrameworkCli): string {
  const sitePackages = createRequire(join(SITE_PACKAGES_DIR, 'package.json'));
  return join(dirname(sitePackages.resolve(`${packageName}/package.json`)), script);
}

/**
 * Opens a page of the built site with a Pro key stored, waits for the element to upgrade (its
 * button reads `buttonText`), presses it and expects ten `201 Created` lines, with no console line
 * about hydration at any level (React and Vue report some mismatches only as warnings).
 */
export async function pressOnBuiltPage(page: Page, site: BuiltDocsSite, path: string, buttonText: string): Promise<void> {
  const hydrationLines: string[] = [];
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) hydrationLines.push(`${message.type()}: ${message.text()}`);
  });
  await storeApiKey(page, await site.server.createApiKey('pro'));
  await page.goto(new URL(path, site.server.url).href);
  const element = page.locator('scim-generator');
  await expect(generateButton(element)).toHaveText(buttonText);

  const batch = await generateAndExpectCreated(element);

  expect(batch.results.map(({ status }) => status)).toEqual(Array(10).fill(201));
  expect(hydrationLines).toEqual([]);
}

/** A docs theme: its name, how it names its brand colour, and how its page shows that it is in dark mode. */
export interface DocsTheme {
  name: string;
  brandVariable: string;
  darkPage: string;
}

/**
 * Two tests, light and dark: `path` opened as a reader whose system asks for that scheme (the
 * theme follows it), the Generate button painted in the theme's brand colour (as the theme sets
 * it where the element stands), and axe finding nothing at all on the element.
 */
export function testButtonInThemeBrand(site: () => BuiltDocsSite, path: string, theme: DocsTheme): void {
  for (const scheme of ['light', 'dark'] as const) {
    test(`in ${theme.name}'s ${scheme} theme the button wears its brand colour, and axe finds nothing on the element`, async ({ page }, testInfo) => {
      await expectButtonInThemeBrand(page, testInfo, site(), path, theme, scheme);
    });
  }
}

async function expectButtonInThemeBrand(
  page: Page,
  testInfo: TestInfo,
  site: BuiltDocsSite,
  path: string,
  theme: DocsTheme,
  scheme: 'light' | 'dark',
): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(new URL(path, site.server.url).href);
  const element = page.locator('scim-generator');
  await expect(generateButton(element)).toBeVisible();
  await expect(page.locator(theme.darkPage)).toHaveCount(scheme === 'dark' ? 1 : 0);

  const brand = await element.evaluate((host, name) => getComputedStyle(host).getPropertyValue(name), theme.brandVariable);
  expect(brand, `${theme.brandVariable} where the element stands`).not.toBe('');
  expect((await buttonColors(generateButton(element))).background).toEqual(await painted(page, brand));
  const { violations } = await runAxe(page, testInfo, `${theme.name}, ${scheme}`, 'scim-generator');
  // Each finding with axe's own summary (for contrast: the colours and the ratio it measured).
  const findings = violations.flatMap(({ id, nodes }) => nodes.map((node) => `${id} at ${node.target.join(' ')}: ${node.failureSummary}`));
  expect(findings).toEqual([]);
}
