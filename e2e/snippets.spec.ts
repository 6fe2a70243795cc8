import { CHECK_COMPLETE_EVENT } from '../src/public/event-names';
import { API_KEY_PLACEHOLDER, API_KEY_TOKEN } from '../src/scim/secrets/key-token';
import { SNIPPET_LANGUAGE_STORAGE_NAME } from '../src/widget/snippet-choice';
import type { CheckReport, ItemResult } from '../src/entries/index';
import { checkReportMarkdown, checkSummary } from '../src/scim/checks/report';
import type { ScimCall } from '../src/scim/http/call';
import type { ScimRequest } from '../src/scim/http/client';
import { javascript } from '../src/scim/snippets/javascript';
import { powershell } from '../src/scim/snippets/powershell';
import { python } from '../src/scim/snippets/python';
import { runScript } from '../src/test-support/recording-server';
import { clickForEvent, generateAndExpectCreated } from './support/generator';
import { testWithProKey as test, expect } from './support/site-test';
import type { Locator, Page } from '@playwright/test';

// Copy as in every language, in Chromium against the sandbox: one choice for every Copy button
// of Details and for Copy report, kept across a reload; what is copied is what the plugin
// generates, and the Node and Python snippets, run, repeat the call.

/** The call as the element's log holds it: the events show the key as `$SCIM_TOKEN`, the log as its token. */
const logged = (request: ScimRequest): ScimRequest => ({
  ...request,
  headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, value.replace(API_KEY_PLACEHOLDER, API_KEY_TOKEN)])),
});
const loggedCalls = (calls: ScimCall[]) => calls.map((call) => ({ ...call, request: logged(call.request) }));

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Opens the first line's Details, and returns the item it shows, found by the id the server gave. */
async function openFirstDetails(element: Locator, results: ItemResult[]): Promise<ItemResult> {
  await element.getByRole('button', { name: /^Details for / }).first().click();
  const text = (await element.locator('[part="details"]').first().textContent()) ?? '';
  const shown = results.find(({ id }) => id !== undefined && text.includes(id));
  expect(shown, 'the panel shows the id the server gave').toBeDefined();
  return shown as ItemResult;
}

test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of (401|404|409)\b/] });

test('the Copy as choice changes every Copy button of Details and Copy report, copies what the plugin generates, and survives a reload', async ({ page, context, site }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  await page.goto(`${site.url}iife.html`);
  const element = page.locator('scim-generator');
  const batch = await generateAndExpectCreated(element);
  const item = await openFirstDetails(element, batch.results);
  await element.getByRole('button', { name: /^Details for / }).nth(1).click();

  const choices = element.getByRole('combobox', { name: /^Copy as/ });
  await expect(choices).toHaveCount(2);
  await expect(choices.first()).toHaveValue('curl');
  await choices.first().selectOption({ label: 'PowerShell' });
  for (const choice of await choices.all()) await expect(choice).toHaveValue('powershell');
  await expect(element.getByRole('button', { name: /^Copy as / })).toHaveText(['Copy as PowerShell', 'Copy as PowerShell']);

  await element.getByRole('button', { name: 'Copy as PowerShell' }).first().click();
  await expect.poll(() => clipboard(page)).toBe(powershell.generate(logged(item.calls[0]?.request as ScimRequest)));

  const report = await clickForEvent<CheckReport>(element, element.getByRole('button', { name: 'Check', exact: true }), CHECK_COMPLETE_EVENT);
  await expect(element.locator('[part="check-summary"]').getByRole('combobox', { name: /^Copy as/ })).toHaveValue('powershell');
  await element.getByRole('button', { name: 'Copy report' }).click();
  const results = report.results.map((result) => ({ ...result, calls: loggedCalls(result.calls) }));
  await expect.poll(() => clipboard(page)).toBe(checkReportMarkdown(results, checkSummary(report), powershell));

  // Chosen in the report, the language changes the Details buttons too.
  await element.locator('[part="check-summary"]').getByRole('combobox').selectOption({ label: 'Python' });
  await expect(element.getByRole('button', { name: /^Copy as / }).first()).toHaveText('Copy as Python');

  await page.reload();
  expect(await page.evaluate((name) => localStorage.getItem(name), SNIPPET_LANGUAGE_STORAGE_NAME)).toBe('python');
  await generateAndExpectCreated(element);
  await element.getByRole('button', { name: /^Details for / }).first().click();
  await expect(choices.first()).toHaveValue('python');
  await expect(element.getByRole('button', { name: /^Copy as / })).toHaveText(['Copy as Python']);
});

for (const [target, interpreter] of [
  [javascript, () => 'node'],
  [python, () => 'python3'],
] as const) {
  test(`Copy as ${target.label} gives code that repeats the create exactly: run, it meets 409 uniqueness`, async ({ page, context, site, apiKey }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await page.goto(`${site.url}iife.html`);
    const element = page.locator('scim-generator');
    const batch = await generateAndExpectCreated(element);
    const item = await openFirstDetails(element, batch.results);
    await element.getByRole('combobox', { name: /^Copy as/ }).selectOption({ label: target.label });
    await element.getByRole('button', { name: `Copy as ${target.label}` }).click();
    await expect.poll(() => clipboard(page)).toBe(target.generate(logged(item.calls[0]?.request as ScimRequest)));
    const code = await clipboard(page);
    expect(code).not.toContain(apiKey);

    const output = await runScript(interpreter(), ['-'], code, { SCIM_TOKEN: apiKey });
    expect(output).toMatch(/^409 Conflict /);
    expect(JSON.parse(output.replace(/^409 Conflict /, ''))).toMatchObject({ status: '409', scimType: 'uniqueness' });
  });
}
