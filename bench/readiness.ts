import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import express from 'express';
import { createSandbox } from '../demo/sandbox/http/app.ts';
import { createApiKey } from '../demo/sandbox/keys/key-client.ts';
import { API_KEY_STORAGE_NAME } from '../src/public/constants.ts';
import { READINESS_COMPLETE_EVENT } from '../src/public/event-names.ts';

import { IDP_PROFILES } from '../src/scim/profiles/names.ts';
import type { ReadinessVerdict } from '../src/scim/readiness/run.ts';
import { waitForPreload } from './browser.ts';

// The readiness run as a reader starts it: the element on a page served beside the sandbox SCIM
// provider (in this process, SQLite in a fresh temporary folder, a fresh key per run), "Ready for
// all N?" pressed once the lazy chunks are in, and each IdP's verdict timed from the press by its
// readiness-complete event. The element runs the IdPs one after another (src/batch/readiness.ts),
// so each IdP's time is the gap between its event and the one before.

/** One run of every IdP profile: per IdP, in the order run, the ms from the press to its verdict and its calls. */
export type ReadinessReadings = { profile: string; pressToVerdict: number; calls: number; ready: boolean; blockers: number }[];

const distDir = fileURLToPath(new URL('../dist', import.meta.url));

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>scim-generator bench: readiness</title>
    <script type="module" src="/dist/scim-generator.js"></script>
  </head>
  <body>
    <scim-generator base-url="/scim/v2"></scim-generator>
  </body>
</html>`;

/** The label of the button that runs every profile of `readiness` (its default: all of them, more than one), as the element writes it. */
const allButton = () => `Ready for all ${IDP_PROFILES.length}?`;

async function oneRun(browser: Browser, origin: string): Promise<ReadinessReadings> {
  const apiKey = await createApiKey(origin, 'pro');
  // A fresh context: empty cache, no open connection, the key where the element reads it.
  const context = await browser.newContext();
  try {
    await context.addInitScript(([name, key]) => localStorage.setItem(name, key), [API_KEY_STORAGE_NAME, apiKey] as const);
    const page = await context.newPage();
    await page.goto(origin);
    const button = page.locator('scim-generator').getByRole('button', { name: allButton() });
    await button.waitFor();
    // The run's time, not the lazy chunks' load: pressed once the element's idle-time preload is done.
    await waitForPreload(page);
    await page.evaluate((type) => {
      const seen: unknown[] = [];
      Object.assign(window, { readinessSeen: seen });
      document.querySelector('scim-generator')?.addEventListener(type, (event) => {
        const { profile, calls, ready, blockers } = (event as CustomEvent<ReadinessVerdict>).detail;
        seen.push({ profile, at: performance.now(), calls: calls.length, ready, blockers: blockers.length });
      });
    }, READINESS_COMPLETE_EVENT);
    const pressedAt = await button.evaluate((element: HTMLElement) => {
      const at = performance.now();
      element.click();
      return at;
    });
    const handle = await page.waitForFunction((count) => {
      const seen = (window as unknown as { readinessSeen: unknown[] }).readinessSeen;
      return seen.length === count && seen;
    }, IDP_PROFILES.length, { timeout: 600_000 });
    const seen = (await handle.jsonValue()) as { profile: string; at: number; calls: number; ready: boolean; blockers: number }[];
    return seen.map(({ at, ...rest }) => ({ ...rest, pressToVerdict: at - pressedAt }));
  } finally {
    await context.close();
  }
}

/** `runs` presses of "Ready for all N?" against a fresh sandbox, each on a fresh page and key. */
export async function readinessRuns(browser: Browser, runs: number): Promise<ReadinessReadings[]> {
  const folder = mkdtempSync(join(tmpdir(), 'readiness-bench-'));
  // The sandbox's own limits: a Pro key's 1,000 requests per window are far more than one run makes.
  const sandbox = createSandbox({ database: join(folder, 'sandbox.db') });
  try {
    await sandbox.ready();
    const app = express();
    app.get('/', (_req, res) => void res.type('html').send(PAGE));
    app.use('/dist', express.static(distDir));
    app.use(sandbox);
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const readings: ReadinessReadings[] = [];
      for (let run = 0; run < runs; run++) readings.push(await oneRun(browser, origin));
      return readings;
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  } finally {
    await sandbox.closeStore();
    rmSync(folder, { recursive: true, force: true });
  }
}
