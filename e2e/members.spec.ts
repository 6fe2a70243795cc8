import { PROFILES } from '../src/scim/profiles/names';
import { SCIM_CONTENT_TYPE } from '../src/scim/protocol';
import { pressAction } from './support/actions';
import { generateAndExpectCreated, showGenerator } from './support/generator';
import { failedLoadLine } from './support/page-errors';
import { testWithProKey as test, expect } from './support/site-test';

// Delete's read-back GET asks for a 404 (RFC 7644 §3.6), which Chromium logs as a failed load.
test.use({ expectedConsoleErrors: [failedLoadLine(404)] });

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

test("Add members never makes a user the server already held a member: without users of this page, it creates its own", async ({ page, site, apiKey }) => {
  const users = await showGenerator(page, site.url, {});
  const before = await generateAndExpectCreated(users);
  await page.reload(); // the page forgets what it created; the server still holds the users
  const groups = await showGenerator(page, site.url, { 'resource-type': 'Groups' });
  await groups.getByRole('checkbox', { name: 'Add members' }).check();
  const batch = await generateAndExpectCreated(groups);
  const held = new Set(before.results.map(({ id }) => id));
  const ownIds = new Set(
    batch.calls.filter(({ purpose, request }) => purpose === 'members' && request.method === 'POST').map(({ id }) => id),
  );
  expect(ownIds.size).toBe(5);
  const members = batch.results.flatMap((result) => ((result.record as { members?: { value: string }[] }).members ?? []).map(({ value }) => value));
  expect(members.length).toBeGreaterThanOrEqual(10);
  for (const member of members) {
    expect(held.has(member), member).toBe(false);
    expect(ownIds.has(member), member).toBe(true);
  }
  const listed = await fetch(`${site.scimUrl}/Users?count=1000`, { headers: { Authorization: `Bearer ${apiKey}`, Accept: SCIM_CONTENT_TYPE } });
  expect(((await listed.json()) as Listed).Resources?.length).toBe(15);
  await expect(groups.locator('[part="note"]')).toHaveText(
    "This page had created no users here, so the batch created 5 inactive users to be the groups' members (a user the server already held is never made a member); Delete deletes them after the groups.",
  );
});

test('users this page deleted with Delete are no members: the groups then take users of their own', async ({ page, site }) => {
  const element = await showGenerator(page, site.url, {});
  const users = await generateAndExpectCreated(element);
  await pressAction(element, 'Delete');
  await element.evaluate((generator) => generator.setAttribute('resource-type', 'Groups'));
  await element.getByRole('checkbox', { name: 'Add members' }).check();
  const groups = await generateAndExpectCreated(element);
  const deleted = new Set(users.results.map(({ id }) => id));
  for (const result of groups.results) {
    for (const { value } of (result.record as { members?: { value: string }[] }).members ?? []) expect(deleted.has(value)).toBe(false);
  }
  await expect(element.locator('[part="note"]')).toContainText('so the batch created 5 inactive users');
});
