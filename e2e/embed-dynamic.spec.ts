import { testWithProKey as test, expect } from './support/site-test';
import { listenWithSandbox } from './support/sandbox';
import { COMPLETE_EVENT, RESULT_EVENT } from '../src/public/event-names';
import {
  expectHeldBy,
  generateAndExpectCreated,
  generateButton,
  recordEvents,
  resultLines,
  sortedResultLines,
} from './support/generator';

// Elements that arrive, change and multiply after the page has loaded, as on CMS pages and in apps.
test('an element inserted later as HTML, as a CMS does, renders and creates groups', async ({ page, site }) => {
  await page.goto(`${site.url}cms.html`);
  await page.locator('#content').evaluate((content) => {
    content.innerHTML = '<h2>Try it</h2><scim-generator resource-type="Groups"></scim-generator>';
  });
  const element = page.locator('scim-generator');

  await expect(generateButton(element)).toHaveText('Generate Groups →');
  const batch = await generateAndExpectCreated(element);
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
  await generateAndExpectCreated(element);
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
  await expect(element.getByRole('checkbox', { name: 'Add members' })).not.toBeChecked();
  await generateAndExpectCreated(element);
});

test('changing resource-type on a live element switches the button, the checkbox and what is created', async ({
  page,
  site,
  apiKey,
}) => {
  await page.goto(`${site.url}iife.html`);
  const element = page.locator('scim-generator');
  await expect(generateButton(element)).toHaveText('Generate Users →');
  await expect(element.getByLabel('Create activated users')).toBeVisible();

  await element.evaluate((host) => host.setAttribute('resource-type', 'Groups'));

  await expect(generateButton(element)).toHaveText('Generate Groups →');
  await expect(element.getByRole('checkbox')).toHaveAccessibleName('Add members');
  const batch = await generateAndExpectCreated(element);
  expect(batch.results.every(({ record }) => 'displayName' in record)).toBe(true);
  await expectHeldBy(site, apiKey, batch);
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
    await generateAndExpectCreated(element);
    expect(postedUrls).toEqual(Array(10).fill(`${site.scimUrl}/Users`));

    postedUrls.length = 0;
    await element.evaluate((host, url) => host.setAttribute('base-url', url), `${otherProvider.scimUrl}/`);
    await page.evaluate((key) => localStorage.setItem('apikey', key), otherKey);
    const batch = await generateAndExpectCreated(element);

    expect(postedUrls).toEqual(Array(10).fill(`${otherProvider.scimUrl}/Users`));
    await expectHeldBy(otherProvider, otherKey, batch);
  } finally {
    await otherProvider.close();
  }
});

test('two instances on one page stay independent and their events carry the right target', async ({ page, site }) => {
  await page.goto(`${site.url}two-instances.html`);
  const users = page.locator('#users');
  const groups = page.locator('#groups');
  const recordedEvents = await recordEvents(page, [RESULT_EVENT, COMPLETE_EVENT]);

  await generateAndExpectCreated(users);
  expect(await resultLines(groups)).toEqual([]);
  const afterUsers = await recordedEvents();
  expect(afterUsers.filter(({ type }) => type === RESULT_EVENT).map(({ targetId }) => targetId)).toEqual(
    Array(10).fill('users'),
  );
  expect(afterUsers.filter(({ type }) => type === COMPLETE_EVENT).map(({ targetId }) => targetId)).toEqual(['users']);

  const usersLines = await sortedResultLines(users);
  await generateAndExpectCreated(groups);
  expect(await sortedResultLines(users)).toEqual(usersLines);
  const groupEvents = (await recordedEvents()).slice(afterUsers.length);
  expect(groupEvents.map(({ targetId }) => targetId)).toEqual(Array(11).fill('groups'));
});
