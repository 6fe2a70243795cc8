import type { Locator } from '@playwright/test';
import { test, expect } from './support/site-test';
import { listenWithSandbox } from './support/sandbox';
import {
  COMPLETE_EVENT,
  createdLinesFor,
  generateBatch,
  generateButton,
  recordEvents,
  RESULT_EVENT,
  resultLines,
  sortedResultLines,
  storeApiKey,
  uniqueName,
} from './support/generator';

// Elements that arrive, change and multiply after the page has loaded, as on CMS pages and in apps.
let apiKey: string;

test.beforeEach(async ({ page, site }) => {
  apiKey = await site.createApiKey('pro');
  await storeApiKey(page, apiKey);
});

async function expectTenCreated(element: Locator) {
  const batch = await generateBatch(element);
  await expect.poll(() => sortedResultLines(element)).toEqual(createdLinesFor(batch));
  return batch;
}

test('an element inserted later as HTML, as a CMS does, renders and creates groups', async ({ page, site }) => {
  await page.goto(`${site.url}cms.html`);
  await page.locator('#content').evaluate((content) => {
    content.innerHTML = '<h2>Try it</h2><scim-generator resource-type="Groups"></scim-generator>';
  });
  const element = page.locator('scim-generator');

  await expect(generateButton(element)).toHaveText('Generate Groups →');
  const batch = await expectTenCreated(element);
  expect(batch.results.every(({ record }) => 'displayName' in record)).toBe(true);
});

test('an element made with document.createElement and setAttribute renders and creates users', async ({ page, site }) => {
  await page.goto(`${site.url}cms.html`);
  await page.locator('#content').evaluate((content) => {
    const element = document.createElement('scim-generator');
    element.setAttribute('resource-type', 'Users');
    element.setAttribute('base-url', '/scim/v2/');
    content.append(element);
  });
  const element = page.locator('scim-generator');

  await expect(generateButton(element)).toHaveText('Generate Users →');
  await expect(element.getByLabel('Create activated users')).not.toBeChecked();
  await expectTenCreated(element);
});

test('an element made with document.createElement and configured by properties renders and creates groups', async ({
  page,
  site,
}) => {
  await page.goto(`${site.url}cms.html`);
  await page.locator('#content').evaluate((content) => {
    const element = document.createElement('scim-generator');
    element.resourceType = 'Groups';
    element.baseUrl = `${location.origin}/scim/v2`;
    content.append(element);
  });
  const element = page.locator('scim-generator');

  await expect(generateButton(element)).toHaveText('Generate Groups →');
  await expect(element.getByRole('checkbox')).toHaveCount(0);
  await expectTenCreated(element);
});

test('changing resource-type on a live element switches the button, the checkbox and what is created', async ({
  page,
  site,
}) => {
  await page.goto(`${site.url}iife.html`);
  const element = page.locator('scim-generator');
  await expect(generateButton(element)).toHaveText('Generate Users →');
  await expect(element.getByLabel('Create activated users')).toBeVisible();

  await element.evaluate((host) => host.setAttribute('resource-type', 'Groups'));

  await expect(generateButton(element)).toHaveText('Generate Groups →');
  await expect(element.getByRole('checkbox')).toHaveCount(0);
  const batch = await expectTenCreated(element);
  const groups = (await site.listResources(apiKey, 'Groups')).map((group) => group.displayName);
  expect(groups).toEqual(expect.arrayContaining(batch.results.map(({ record }) => uniqueName(record))));
});

test('changing base-url on a live element sends the next press to the new URL', async ({ page, site }) => {
  const otherProvider = await listenWithSandbox();
  try {
    const otherKey = await otherProvider.createApiKey('pro');
    const postedUrls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') postedUrls.push(request.url());
    });
    await page.goto(`${site.url}iife.html`);
    const element = page.locator('scim-generator');
    await expectTenCreated(element);
    expect(postedUrls).toEqual(Array(10).fill(`${site.scimUrl}/Users`));

    postedUrls.length = 0;
    await element.evaluate((host, url) => host.setAttribute('base-url', url), `${otherProvider.scimUrl}/`);
    await page.evaluate((key) => localStorage.setItem('apikey', key), otherKey);
    const batch = await expectTenCreated(element);

    expect(postedUrls).toEqual(Array(10).fill(`${otherProvider.scimUrl}/Users`));
    const held = (await otherProvider.listResources(otherKey, 'Users')).map((user) => user.userName);
    expect(held.sort()).toEqual(batch.results.map(({ record }) => uniqueName(record)).sort());
  } finally {
    await otherProvider.close();
  }
});

test('two instances on one page stay independent and their events carry the right target', async ({ page, site }) => {
  await page.goto(`${site.url}two-instances.html`);
  const users = page.locator('#users');
  const groups = page.locator('#groups');
  const recordedEvents = await recordEvents(page, [RESULT_EVENT, COMPLETE_EVENT]);

  await expectTenCreated(users);
  expect(await resultLines(groups)).toEqual([]);
  const afterUsers = await recordedEvents();
  expect(afterUsers.filter(({ type }) => type === RESULT_EVENT).map(({ targetId }) => targetId)).toEqual(
    Array(10).fill('users'),
  );
  expect(afterUsers.filter(({ type }) => type === COMPLETE_EVENT).map(({ targetId }) => targetId)).toEqual(['users']);

  const usersLines = await sortedResultLines(users);
  await expectTenCreated(groups);
  expect(await sortedResultLines(users)).toEqual(usersLines);
  const groupEvents = (await recordedEvents()).slice(afterUsers.length);
  expect(groupEvents.map(({ targetId }) => targetId)).toEqual(Array(11).fill('groups'));
});
