import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFile } from 'node:fs/promises';
import { har as validHar } from 'har-validator';
import { test as faultTest, expect as faultExpect } from './support/fault-page';
import { runAxe } from './support/axe';
import { generateAndExpectCreated, generateButton } from './support/generator';
import { testWithProKey as test, expect } from './support/site-test';

// Seeing every call: the details panel, Copy as cURL, Download HAR and the progress bar, in
// Chromium against the sandbox SCIM provider (and the fault server for a slow batch).

test('the details panel opens from the keyboard and shows the request, the response and the duration', async ({ page, site, apiKey }, testInfo) => {
  await page.goto(`${site.url}iife.html`);
  const element = page.locator('scim-generator');
  const batch = await generateAndExpectCreated(element);

  const details = element.getByRole('button', { name: 'Details' });
  await expect(details).toHaveCount(10);
  await details.first().focus();
  await page.keyboard.press('Enter');
  await expect(details.first()).toHaveAttribute('aria-expanded', 'true');
  const panel = element.locator('[part="details"]').first();
  await expect(panel).toBeVisible();
  const text = (await panel.textContent()) ?? '';
  const shown = batch.results.find(({ id }) => id !== undefined && text.includes(id));
  expect(shown, 'the panel shows the id the server gave').toBeDefined();
  expect(text).toContain(`POST ${site.url}scim/v2/Users`);
  expect(text).toContain('Authorization: Bearer $SCIM_TOKEN');
  expect(text).toContain('201 Created');
  expect(text).toMatch(/Duration: \d+ ms/);
  expect(text).not.toContain(apiKey);

  const results = await runAxe(page, testInfo, 'a details panel open');
  expect(results.violations).toEqual([]);

  await page.keyboard.press('Enter');
  await expect(details.first()).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`nothing in an open details panel is clipped or covered (${colorScheme})`, async ({ page, site }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto(`${site.url}iife.html`);
    const element = page.locator('scim-generator');
    await generateAndExpectCreated(element);
    await element.getByRole('button', { name: /^Details/ }).first().click();
    const panel = element.locator('[part="details"]').first();
    await expect(panel).toBeVisible();
    // The first character of each block, label and button starts inside its box, and no button overlaps the next.
    const problems = await panel.evaluate((details) => {
      const found: string[] = [];
      for (const box of details.querySelectorAll('pre, p, button')) {
        const text = [...box.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
        if (!text) continue;
        const range = document.createRange();
        range.setStart(text, 0);
        range.setEnd(text, 1);
        const first = range.getBoundingClientRect();
        const outer = box.getBoundingClientRect();
        if (first.left < outer.left - 0.5) found.push(`${box.tagName} "${box.textContent?.slice(0, 20)}" starts ${outer.left - first.left}px left of its box`);
      }
      const buttons = [...details.querySelectorAll('.copies .copy')].map((copy) => copy.getBoundingClientRect());
      buttons.forEach((rect, index) => {
        const next = buttons[index + 1];
        if (next && next.top < rect.bottom - 0.5 && next.left < rect.right - 0.5) found.push(`copy button ${index} overlaps the next`);
      });
      return found;
    });
    expect(problems).toEqual([]);
  });
}

test('on a phone, the checkbox\'s label and the Details buttons are targets of at least 24 by 24 px', async ({ page, site }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${site.url}iife.html`);
  const element = page.locator('scim-generator');
  await generateAndExpectCreated(element);
  const targets = [element.locator('label').first(), element.getByRole('button', { name: /^Details/ }).first(), element.getByRole('button', { name: 'Download HAR' })];
  for (const target of targets) {
    const box = await target.boundingBox();
    expect(box?.width, await target.textContent() ?? '').toBeGreaterThanOrEqual(24);
    expect(box?.height, await target.textContent() ?? '').toBeGreaterThanOrEqual(24);
  }
});

test('Copy as cURL gives a command that repeats the create exactly: run again, it meets 409 uniqueness', async ({ page, context, site, apiKey }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  await page.goto(`${site.url}iife.html`);
  const element = page.locator('scim-generator');
  await generateAndExpectCreated(element);

  await element.getByRole('button', { name: 'Details' }).first().click();
  await element.getByRole('button', { name: 'Copy as cURL' }).first().click();
  await expect(element.getByText('Copied')).toBeVisible();
  const command = await page.evaluate(() => navigator.clipboard.readText());
  expect(command).not.toContain(apiKey);
  expect(command).toContain('"Authorization: Bearer $SCIM_TOKEN"');

  // Asynchronously: the sandbox answers from this very process.
  // As pasted (`--silent` only hides the progress meter): the body, then the status on a line of its own.
  const { stdout: answer } = await promisify(execFile)('bash', ['--norc', '-c', `${command} --silent`], {
    env: { PATH: process.env.PATH, SCIM_TOKEN: apiKey },
  });
  const [, body = '', status] = /^([\s\S]*)\n(\d{3})\n$/.exec(answer) ?? [];
  expect(status).toBe('409');
  expect(JSON.parse(body)).toMatchObject({ status: '409', scimType: 'uniqueness' });
});

test('Download HAR saves the batch: a valid HAR 1.2 file, ten entries with bodies and timings, and no key', async ({ page, site, apiKey }) => {
  await page.goto(`${site.url}iife.html`);
  const element = page.locator('scim-generator');
  const batch = await generateAndExpectCreated(element);

  const [download] = await Promise.all([page.waitForEvent('download'), element.getByRole('button', { name: 'Download HAR' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^scim-generator-.*\.har$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text).not.toContain(apiKey);
  const har = JSON.parse(text) as { log: { entries: { request: { method: string; postData?: { text: string } }; response: { status: number }; timings: { wait: number } }[] } };
  await expect(validHar(har), 'valid against the HAR 1.2 schema').resolves.toBeTruthy();
  expect(har.log.entries).toHaveLength(10);
  for (const entry of har.log.entries) {
    expect(entry).toMatchObject({ request: { method: 'POST' }, response: { status: 201 } });
    expect(entry.timings.wait).toBeGreaterThanOrEqual(0);
  }
  const sent = har.log.entries.map((entry) => JSON.parse(entry.request.postData?.text ?? 'null') as unknown);
  expect(sent).toEqual(expect.arrayContaining(batch.results.map(({ record }) => record)));
});

faultTest('progress shows "n of 10" while a slow batch is in flight, and goes when it ends', async ({ host, faults }) => {
  const element = await host.mount({ 'base-url': faults.baseUrl('hold') });
  await generateButton(element).click();
  const progress = element.locator('[part="progress"]');
  await faultExpect(progress).toHaveText('0 of 10');
  await faultExpect(progress.getByRole('progressbar', { name: 'Answers received' })).toBeVisible();
  faults.release();
  await faultExpect(host.lines()).toHaveCount(10);
  await faultExpect(progress).toHaveCount(0);
});
