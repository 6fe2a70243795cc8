import express from 'express';
import { bundleSite, listen, type RunningServer } from './support/http';
import { test, expect } from './support/page-errors';
import { requestLog, type LoggedRequest } from './support/request-log';
import { listenWithSandbox, type SandboxServer } from './support/sandbox';
import { generateAndExpectCreated, storeApiKey } from './support/generator';

// A docs page on one origin (localhost:A) pointing the element at a SCIM API on another (localhost:B).
// Same site, other port: the case where a cookie of the API's host would go along if the element
// asked for credentials (cookies ignore ports). A cross-site pair (127.0.0.1 and localhost) could
// not show the difference: Chromium sends no SameSite=Lax cookie there whatever the request asks.
const PROBE_PATH = '/cookie-probe';

let docs: { server: RunningServer; log: LoggedRequest[] };
let scim: { server: SandboxServer; log: LoggedRequest[] };

test.beforeEach(async () => {
  const docsLog = requestLog();
  const docsApp = express();
  docsApp.use(docsLog.middleware, bundleSite());
  docs = { server: await listen(docsApp, 'localhost'), log: docsLog.requests };

  const scimLog = requestLog();
  const scimApp = express();
  scimApp.use(scimLog.middleware);
  scimApp.get(PROBE_PATH, (_req, res) => void res.sendStatus(204));
  scim = { server: await listenWithSandbox(scimApp, { host: 'localhost' }), log: scimLog.requests };
});
test.afterEach(async ({ page }) => {
  await page.close(); // before its servers: see e2e/support/site-test.ts
  await Promise.all([docs.server.close(), scim.server.close()]);
});

test('a base-url on another origin: CORS preflight passes, the key goes only there, no cookies are sent', async ({
  page,
  context,
}) => {
  expect(new URL(docs.server.url).origin).not.toBe(new URL(scim.server.url).origin);
  const apiKey = await scim.server.createApiKey('pro');
  await storeApiKey(page, apiKey);
  await context.addCookies([{ name: 'session', value: 'scim-origin-cookie', url: scim.server.url }]);

  await page.goto(`${docs.server.url}iife.html`);
  const element = page.locator('scim-generator');
  await element.evaluate((host, url) => host.setAttribute('base-url', url), scim.server.scimUrl);

  // Control: a request that asks for credentials does carry the cookie to the SCIM origin.
  const probeUrl = new URL(PROBE_PATH, scim.server.url).href;
  await page.evaluate((url) => fetch(url, { mode: 'no-cors', credentials: 'include' }), probeUrl);
  const probe = scim.log.find(({ url }) => url === PROBE_PATH);
  expect(probe?.headers.cookie).toContain('session=scim-origin-cookie');

  await generateAndExpectCreated(element);

  const docsOrigin = new URL(docs.server.url).origin;
  const preflights = scim.log.filter(({ method }) => method === 'OPTIONS');
  expect(preflights.length).toBeGreaterThan(0);
  for (const preflight of preflights) {
    expect(preflight.url).toBe('/scim/v2/Users');
    expect(preflight.headers.origin).toBe(docsOrigin);
    expect(preflight.headers['access-control-request-method']).toBe('POST');
    expect(preflight.headers['access-control-request-headers']?.split(',').sort()).toEqual(['authorization', 'content-type']);
  }
  const posts = scim.log.filter(({ method, url }) => method === 'POST' && url.startsWith('/scim/'));
  expect(posts).toHaveLength(10);
  for (const post of posts) {
    expect(post.url).toBe('/scim/v2/Users');
    expect(post.headers.origin).toBe(docsOrigin);
    expect(post.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(post.headers.cookie).toBeUndefined();
  }
  expect(docs.log.filter(({ headers }) => headers.authorization !== undefined)).toEqual([]);
});
