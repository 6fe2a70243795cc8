import express from 'express';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { generateAndExpectCreated, generateButton, storeApiKey } from './generator';
import { createPackedSite, runNode, type PackedSite } from './packed-site';
import { listenWithSandbox, type SandboxServer } from './sandbox';

export interface BuiltDocsSite {
  /** The built site's folder (a copy of the fixture, with the packed package installed). */
  dir: string;
  /** Serves the build output, with the sandbox SCIM provider beside it. */
  server: SandboxServer;
  close(): Promise<void>;
}

/** The path of a package's command-line script, e.g. `vitepress/bin/vitepress.js`. */
export function binOf(packageName: string, script: string): string {
  return join(dirname(createRequire(import.meta.url).resolve(`${packageName}/package.json`)), script);
}

/**
 * Copies a docs-site fixture, installs the package from `npm pack` into it, runs its generator's
 * `build` (`cli build <dir>`, server rendering included; throws with the build's output when it
 * fails) and serves `outDir` as static files beside the sandbox.
 */
export async function buildDocsSite(fixtureDir: string, cli: string, outDir: string): Promise<BuiltDocsSite> {
  const site: PackedSite = await createPackedSite(fixtureDir);
  await runNode([cli, 'build', site.dir], site.dir);
  const pages = express()
    .use(express.static(join(site.dir, outDir)))
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
