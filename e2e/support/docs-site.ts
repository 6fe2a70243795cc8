import express from 'express';
import { cp, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { generateAndExpectCreated, generateButton, storeApiKey } from './generator';
import { createPackedSite, runCommand, type PackedSite } from './packed-site';
import { listenWithSandbox, type SandboxServer } from './sandbox';

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
}

/** The path of a package's command-line script, e.g. `vitepress/bin/vitepress.js`. */
export function binOf(packageName: string, script: string): string {
  return join(dirname(createRequire(import.meta.url).resolve(`${packageName}/package.json`)), script);
}

/**
 * Copies a docs-site fixture, installs the package from `npm pack` into it, makes `build.copies`,
 * runs the generator (throws with the build's output when it fails) and serves `build.outDir` as
 * static files beside the sandbox.
 */
export async function buildSite(fixtureDir: string, build: SiteBuild): Promise<BuiltDocsSite> {
  const site: PackedSite = await createPackedSite(fixtureDir);
  for (const [target, source] of Object.entries(build.copies ?? {})) {
    await mkdir(dirname(join(site.dir, target)), { recursive: true });
    await cp(resolve(site.dir, source), join(site.dir, target), { recursive: true });
  }
  await runCommand(build.command, build.args, site.dir);
  const pages = express()
    .use(express.static(join(site.dir, build.outDir)))
    .get('/favicon.ico', (_request, response) => void response.sendStatus(204));
  const server = await listenWithSandbox(pages);
  return {
    dir: site.dir,
    server,
    async close() {
      await server.close();
      await site.remove();
    },
  };
}

/** `buildSite` for a generator from npm: `node <cli> build .` (server rendering included). */
export function buildDocsSite(fixtureDir: string, cli: string, outDir: string): Promise<BuiltDocsSite> {
  return buildSite(fixtureDir, { command: process.execPath, args: [cli, 'build', '.'], outDir });
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
