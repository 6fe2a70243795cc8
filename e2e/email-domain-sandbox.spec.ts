import { EMAIL_DOMAIN_ENV } from '../demo/sandbox/resources/email-domain';
import type { BatchResult } from '../src/entries/index';
import type { ScimUser } from '../src/scim/records/schemas';
import { expectEmailDomain, useEmailDomain } from './support/email-domain';
import { generateAndExpectCreated, generateBatch, sortedResultLines, storeApiKey } from './support/generator';
import { expect, test } from './support/page-errors';
import { useSandboxProcess } from './support/sandbox-process-site';

// Issue 52, part 1, end to end: `npm run sandbox` with SANDBOX_EMAIL_DOMAIN=acme.test refuses every
// user of the default press (400 invalidValue, naming the value); once the reader sets acme.test,
// ten users and a Groups batch with members (its own, created at the domain) are created, and
// the domain survives a reload.

test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 400\b/] });

const { sandbox, generator } = useSandboxProcess({ [EMAIL_DOMAIN_ENV]: 'acme.test' });

const postedUsers = (batch: BatchResult) => batch.calls.filter(({ request }) => request.method === 'POST' && request.url.endsWith('/Users')).map(({ request }) => request.body as ScimUser);
const addressesOf = (user: ScimUser) => [user.userName, ...user.emails.map((email) => email.value)];

test('SANDBOX_EMAIL_DOMAIN: ten 400s by default; after acme.test is set, ten users, then groups with members of their own, and the domain kept across a reload', async ({ page }) => {
  await storeApiKey(page, await sandbox().createApiKey('pro'));
  const users = await generator(page, { profile: 'entra' });
  const refused = await generateBatch(users);
  expect(refused.results.map((result) => [result.status, result.scimType])).toEqual(Array(10).fill([400, 'invalidValue']));
  await expect.poll(async () => (await sortedResultLines(users)).length).toBe(10);
  for (const line of await sortedResultLines(users)) expect(line.text).toMatch(/^400 Bad Request — invalidValue: userName "[^"]+@example\.(com|net|org)" is not an address at acme\.test: this server takes only acme\.test$/);

  await useEmailDomain(users, 'acme.test');
  await expectEmailDomain(users, 'acme.test');
  const created = await generateAndExpectCreated(users);
  for (const user of postedUsers(created)) expect(addressesOf(user).every((address) => address.endsWith('@acme.test'))).toBe(true);

  // A reload keeps the domain; a Groups batch with Add members, on a page that has created no
  // users yet, creates its own members, at the domain, and gives them to the groups.
  await page.reload();
  const groups = await generator(page, { 'resource-type': 'Groups', profile: 'entra' });
  await expectEmailDomain(groups, 'acme.test');
  await groups.getByRole('checkbox', { name: 'Add members' }).check();
  const batch = await generateAndExpectCreated(groups);
  const members = postedUsers(batch);
  expect(members.length).toBeGreaterThan(0);
  for (const member of members) expect(addressesOf(member).every((address) => address.endsWith('@acme.test'))).toBe(true);
  // The members' POSTs, then each group's PATCH that adds them (entra), all answered 2xx.
  const memberCalls = batch.calls.filter(({ purpose }) => purpose === 'members');
  expect(memberCalls.filter(({ request }) => request.method === 'POST').map(({ status }) => status)).toEqual(members.map(() => 201));
  const patches = memberCalls.filter(({ request }) => request.method === 'PATCH');
  expect(patches).toHaveLength(10);
  expect(patches.every(({ ok }) => ok)).toBe(true);
});
