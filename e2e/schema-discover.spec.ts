import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { scimmySchemaDefinition } from '../demo/sandbox/scim/schema-definition';
import { USER_EXTENSION_ENV } from '../demo/sandbox/resources/user-extension';
import { ENTERPRISE_USER_SCHEMA, USER_SCHEMA } from '../src/scim/protocol';
import type { BatchResult } from '../src/entries/index';
import { generateAndExpectCreated, generateBatch, showGenerator, sortedResultLines, storeApiKey } from './support/generator';
import { bundleSite } from './support/http';
import { expect, test } from './support/page-errors';
import { listenWithSandbox } from './support/sandbox';
import { useSandboxProcess } from './support/sandbox-process-site';

// Issue 23 in Chromium: against a sandbox that requires a custom User extension (its own process:
// scimmy's declarations are process-wide), schema="discover" makes records it takes; the profile's
// own records it refuses; and a server without /Schemas still gets ten records, under a note.

const EXTENSION_FILE = 'demo/sandbox/extensions/acme-user.json';
const ACME = JSON.parse(readFileSync(EXTENSION_FILE, 'utf8')) as { id: string };

// The profile's refused records, and the missing /Schemas.
test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of (400|404)\b/] });

const { sandbox, generator: showAtSandbox } = useSandboxProcess({ [USER_EXTENSION_ENV]: EXTENSION_FILE });

async function generator(page: Page, attributes: Record<string, string>): Promise<Locator> {
  await storeApiKey(page, await sandbox().createApiKey('pro'));
  return showAtSandbox(page, attributes);
}

const discoveryReads = () => sandbox().log.filter((line) => /^GET \/scim\/v2\/(ResourceTypes|Schemas) 200/.test(line));
const postsOf = (batch: BatchResult) => batch.calls.filter((call) => call.request.method === 'POST').map((call) => call.request.body as Record<string, unknown>);

test('schema="discover": ten 201s from a server that requires its own extension, the schemas read once over two presses', async ({ page }) => {
  const element = await generator(page, { schema: 'discover', profile: 'entra' });
  const readsBefore = discoveryReads().length;
  const first = await generateAndExpectCreated(element);
  expect(first.calls.filter((call) => call.purpose === 'discover').map((call) => new URL(call.request.url).pathname).sort()).toEqual([
    '/scim/v2/ResourceTypes',
    '/scim/v2/Schemas',
  ]);
  const second = await generateAndExpectCreated(element);
  expect(second.calls.some((call) => call.purpose === 'discover')).toBe(false);
  expect(discoveryReads().length - readsBefore).toBe(2);

  // Each body, checked by scimmy against the extension the server published: all its required
  // attributes of the right types and canonical values, and never its readOnly one.
  const published = await (await page.request.get(`${sandbox().scimUrl}/Schemas/${ACME.id}`, { headers: { Authorization: `Bearer ${await sandbox().createApiKey('free')}` } })).json();
  const extension = scimmySchemaDefinition(published);
  for (const body of [...postsOf(first), ...postsOf(second)]) {
    // entra's enterprise attributes go too: the sandbox publishes that extension as optional.
    expect(body.schemas).toEqual([USER_SCHEMA, ACME.id, ENTERPRISE_USER_SCHEMA]);
    expect(() => extension.coerce({ schemas: [ACME.id], ...(body[ACME.id] as object) }, 'in')).not.toThrow();
    expect(body[ACME.id]).not.toHaveProperty('badgeIssuedAt');
  }
});

test('without schema="discover" the same server refuses every record, saying the extension is missing', async ({ page }) => {
  const element = await generator(page, { profile: 'entra' });
  const batch = await generateBatch(element);
  expect(batch.results.map((result) => result.status)).toEqual(Array(10).fill(400));
  await expect.poll(async () => (await sortedResultLines(element)).length).toBe(10);
  expect(batch.results[0]?.detail).toContain(ACME.id);
});

test('the sandbox without an extension: okta records fitted to its published schemas, all created, without the readOnly groups okta sends', async ({ page }) => {
  const server = await listenWithSandbox(bundleSite());
  try {
    await storeApiKey(page, await server.createApiKey('pro'));
    const batch = await generateAndExpectCreated(await showGenerator(page, server.url, { schema: 'discover', profile: 'okta' }));
    for (const body of postsOf(batch)) expect(body).not.toHaveProperty('groups'); // readOnly in RFC 7643 §4.1.2
    await expect(page.locator('scim-generator [part="note"]')).toHaveCount(0);
  } finally {
    await page.close();
    await server.close();
  }
});

test('a server without /Schemas gets the profile\'s ten records, under a note that says why', async ({ page }) => {
  const withoutSchemas = bundleSite();
  withoutSchemas.get('/scim/v2/Schemas', (_req, res) => void res.status(404).json({ detail: 'Not here' }));
  const server = await listenWithSandbox(withoutSchemas);
  try {
    await storeApiKey(page, await server.createApiKey('pro'));
    const element = await showGenerator(page, server.url, { schema: 'discover' });
    await generateAndExpectCreated(element);
    await expect(element.locator('[part="note"]')).toHaveText(
      "The server's schema could not be read (GET /Schemas answered 404 Not Found), so the records follow the basic profile.",
    );
    await expect(element.locator('[part="note"] ~ [part="results"] [part~="result"]')).toHaveCount(10);
  } finally {
    await page.close();
    await server.close();
  }
});
