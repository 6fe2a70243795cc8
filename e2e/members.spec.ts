import { PROFILES } from '../src/scim/records/schemas';
import { SCIM_CONTENT_TYPE } from '../src/scim/protocol';
import { pressAction } from './support/actions';
import { generateAndExpectCreated, showGenerator } from './support/generator';
import { testWithProKey as test, expect } from './support/site-test';

interface Listed {
  Resources?: { id: string; displayName?: string; members?: { value: string }[] }[];
}

for (const profile of PROFILES) {
  test(`profile="${profile}": Add members gives each group 1 to 5 members that exist on the server`, async ({ page, site, apiKey }) => {
    const list = async (type: string): Promise<Listed> =>
      (await fetch(`${site.scimUrl}/${type}?count=1000`, { headers: { Authorization: `Bearer ${apiKey}`, Accept: SCIM_CONTENT_TYPE } })).json();

    const users = await showGenerator(page, site.url, { profile });
    await generateAndExpectCreated(users);
    // The Groups element of the same page takes its members from the users just created.
    await users.evaluate((element) => element.setAttribute('resource-type', 'Groups'));
    await users.getByRole('checkbox', { name: 'Add members' }).check();
    const batch = await generateAndExpectCreated(users);

    const userIds = new Set((await list('Users')).Resources?.map((user) => user.id));
    expect(userIds.size).toBe(10);
    const created = new Set(batch.results.map((result) => result.id));
    const groups = (await list('Groups')).Resources?.filter((group) => created.has(group.id)) ?? [];
    expect(groups).toHaveLength(10);
    for (const group of groups) {
      const members = group.members ?? [];
      expect(members.length, group.displayName).toBeGreaterThanOrEqual(1);
      expect(members.length, group.displayName).toBeLessThanOrEqual(5);
      for (const { value } of members) expect(userIds.has(value), value).toBe(true);
    }
  });
}

test("Add members lists the server's users when this page created none", async ({ page, site }) => {
  const users = await showGenerator(page, site.url, {});
  await generateAndExpectCreated(users);
  await page.reload(); // the page forgets what it created; the server still holds the users
  const groups = await showGenerator(page, site.url, { 'resource-type': 'Groups' });
  await groups.getByRole('checkbox', { name: 'Add members' }).check();
  const listed = page.waitForRequest((request) => request.method() === 'GET' && request.url().endsWith('/scim/v2/Users?count=100'));
  const batch = await generateAndExpectCreated(groups);
  await listed;
  expect(batch.results.every((result) => ((result.record as { members?: unknown[] }).members ?? []).length >= 1)).toBe(true);
});

test('users this page deleted with Delete are no members: the groups then take what the server lists', async ({ page, site }) => {
  const element = await showGenerator(page, site.url, {});
  await generateAndExpectCreated(element);
  await pressAction(element, 'Delete');
  await element.evaluate((generator) => generator.setAttribute('resource-type', 'Groups'));
  await element.getByRole('checkbox', { name: 'Add members' }).check();
  await generateAndExpectCreated(element);
  await expect(element.locator('[part="note"]')).toHaveText(
    'Groups created without members: the server holds no users yet. Generate Users first.',
  );
});
