import type { Server } from 'node:http';
import express from 'express';
import { startRelay } from '../src/cli/relay';
import { generateAndExpectCreated, storeApiKey } from './support/generator';
import { bundleSite, listen, type RunningServer } from './support/http';
import { noCors } from './support/no-cors';
import { expect, test } from './support/page-errors';
import { listenWithSandbox, type SandboxServer } from './support/sandbox';

// Issue 53: the element on a docs page (localhost:A) and a SCIM server with no CORS at all: pointed at
// `scim-generator relay` on 127.0.0.1 for the page's origin, it gets its ten 201 lines.

let docs: RunningServer;
let scim: SandboxServer;
let relay: { server: Server; url: string };
const reached: string[] = [];
const log: string[] = [];

test.beforeEach(async () => {
  docs = await listen(express().use(bundleSite()), 'localhost');
  scim = await listenWithSandbox(express().use(noCors(reached)));
  relay = await startRelay({ baseUrl: scim.scimUrl, origin: new URL(docs.url).origin, log: (line) => log.push(line) }, 0);
});
test.afterEach(async ({ page }) => {
  await page.close(); // before its servers: see e2e/support/site-test.ts
  relay.server.close();
  await Promise.all([docs.close(), scim.close()]);
});

test('through the relay, the element on another origin creates ten users on a server with no CORS', async ({ page }) => {
  const apiKey = await scim.createApiKey('pro');
  await storeApiKey(page, apiKey);
  await page.goto(`${docs.url}iife.html`);
  const element = page.locator('scim-generator');
  await element.evaluate((host, url) => host.setAttribute('base-url', url), relay.url);
  await generateAndExpectCreated(element);
  expect(reached.filter((call) => call === 'POST /scim/v2/Users')).toHaveLength(10);
  expect(reached.filter((call) => call.startsWith('OPTIONS'))).toEqual([]);
  expect(log.filter((line) => /^POST \/scim\/v2\/Users 201 /.test(line))).toHaveLength(10);
  expect(log.join('\n')).not.toContain(apiKey);
});
