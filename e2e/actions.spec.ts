import { pressAction } from './support/actions';
import { expect, test as faultTest } from './support/fault-page';
import { generateAndExpectCreated, resultLines } from './support/generator';
import { failedLoadLine } from './support/page-errors';
import { testWithProKey as test } from './support/site-test';
import { PROFILES } from '../src/scim/profiles/names';

// Deactivate and Delete against the sandbox SCIM provider: afterwards the server holds exactly what
// the lines say.

// Delete's read-back GET asks for a 404 (RFC 7644 §3.6), which Chromium logs as a failed load.
test.use({ expectedConsoleErrors: [failedLoadLine(404)] });

for (const profile of PROFILES) {
  test(`Deactivate (profile ${profile}): afterwards a GET of each user shows active: false`, async ({ page, site, apiKey }) => {
    await page.goto(`${site.url}iife.html`);
    const element = page.locator('scim-generator');
    await element.evaluate((generator, value) => generator.setAttribute('profile', value), profile);
    // Created active, so that the deactivation changes something the GET can show.
    await element.getByLabel('Create activated users').check();
    const batch = await generateAndExpectCreated(element);

    const action = await pressAction(element, 'Deactivate');
    expect(action.results.map(({ action: kind, done }) => [kind, done])).toEqual(Array(10).fill(['deactivate', true]));
    for (const { id } of batch.results) {
      const { status, resource } = await site.getResource(apiKey, 'Users', String(id));
      expect([status, resource?.active]).toEqual([200, false]);
    }
    const lines = await resultLines(element);
    expect(lines.every(({ text }) => / · Deactivated: 200 OK$/.test(text))).toBe(true);
    await expect(element.getByRole('button', { name: 'Deactivate' })).toHaveAttribute('aria-disabled', 'true');
    await expect(element.locator('[part="action-status"]')).toHaveText('Every user this batch created is deactivated.');
  });
}

for (const resourceType of ['Users', 'Groups'] as const) {
  test(`Delete (${resourceType}): afterwards a GET of each created resource answers 404`, async ({ page, site, apiKey }) => {
    await page.goto(`${site.url}${resourceType === 'Users' ? 'iife' : 'esm'}.html`);
    const element = page.locator('scim-generator');
    const batch = await generateAndExpectCreated(element);

    const action = await pressAction(element, 'Delete');
    expect(action.results.map(({ status, done }) => [status, done])).toEqual(Array(10).fill([204, true]));
    for (const { id } of batch.results) {
      expect((await site.getResource(apiKey, resourceType, String(id))).status).toBe(404);
    }
    const lines = await resultLines(element);
    expect(lines.every(({ text }) => / · Deleted: 204 No Content$/.test(text))).toBe(true);
    // The line's panel shows the create call and then the delete call it led to.
    await element.getByRole('button', { name: 'Details' }).first().click();
    const panel = (await element.locator('[part="details"]').first().textContent()) ?? '';
    const shown = batch.results.find(({ id }) => id !== undefined && panel.includes(`DELETE ${site.url}scim/v2/${resourceType}/${id}`));
    expect(shown, 'the panel shows the DELETE of a created id').toBeDefined();
    expect(panel.indexOf(`POST ${site.url}scim/v2/${resourceType}`)).toBeLessThan(panel.indexOf('DELETE '));
    expect(panel).toContain('204 No Content');
    expect(panel).not.toContain(apiKey);
    await expect(element.getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-disabled', 'true');
    await expect(element.locator('[part="action-status"]')).toHaveText(
      `Nothing left to act on: every ${resourceType === 'Users' ? 'user' : 'group'} this batch created is deleted.`,
    );
  });
}

faultTest('a meta.location on another origin: no follow-up at all, the line says why, and that origin receives nothing (issue 49)', async ({ host, faults }) => {
  const generator = await host.mount({ 'base-url': faults.baseUrl('foreign-location') });
  await host.page.evaluate(() => localStorage.setItem('apikey', 'key-for-the-configured-origin-only'));
  await host.pressAndSettle();
  for (const line of await host.readLines()) {
    expect(line.status).toBe('201');
    expect(line.text).toMatch(/Created, but its location "http:\/\/localhost:\d+\/ok\/scim\/v2\/Users\/[0-9a-f-]{36}" is not its id's URL, .*, so this batch leaves it alone/);
  }
  for (const name of ['Deactivate', 'Delete', 'Check']) await expect(generator.getByRole('button', { name, exact: true })).toHaveCount(0);
  expect(faults.requests.filter((request) => request.method === 'PATCH' || request.method === 'DELETE')).toEqual([]);
  const { host: configuredHost } = new URL(faults.origin);
  // The foreign location names `localhost` on the same port: a request there would be recorded too.
  expect(faults.requests.filter((request) => request.headers.host !== configuredHost)).toEqual([]);
});
