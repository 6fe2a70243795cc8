import SCIMMY from 'scimmy';
import { EMAIL_DOMAIN_STORAGE_NAME } from '../src/page/email-domains';
import type { ScimUser } from '../src/scim/records/schemas';
import { blockingViolations, runAxe } from './support/axe';
import { clearEmailDomain, emailDomainSummary, expectEmailDomain, useEmailDomain } from './support/email-domain';
import { expect, test, type Host, type Line } from './support/fault-page';
import { ONLY_DOMAIN } from './support/fault-server';

// Issue 52, part 1, in Chromium: a server that takes only addresses at acme.test (the fault
// server's acme-domain-only, which answers any other with a SCIM 400 invalidValue) refuses the
// default press; once the reader sets acme.test, all ten are created, and the domain is kept for
// that base URL across a reload until the reader clears it.

async function pressForTenLines(host: Host): Promise<Line[]> {
  await host.pressAndSettle();
  await expect(host.lines()).toHaveCount(10);
  return host.readLines();
}

test('acme.test set once: ten refusals before, ten 201s after, kept across a reload, gone once cleared', async ({ host, faults }) => {
  const element = await host.mount({ 'base-url': faults.baseUrl('acme-domain-only') });
  const other = await host.mount({ 'base-url': faults.baseUrl('ok') }, 'other');
  await expectEmailDomain(element, undefined);

  for (const line of await pressForTenLines(host)) {
    expect(line).toMatchObject({ part: 'result error', status: '400', statusText: 'Bad Request', name: null });
    // basic's userName is a bare handle, refused as the first value outside the domain.
    expect(line.detail).toMatch(/^— invalidValue: "[a-z0-9._-]+" is not an address at acme\.test$/);
  }

  // Not a domain name: said, and not kept.
  await useEmailDomain(element, 'acme');
  await expect(element.getByRole('alert')).toHaveText('"acme" is not a domain name such as acme.test: two or more labels of letters a-z, digits and inner hyphens (63 at most each), joined by dots, the last not all digits. It is not used.');
  await expectEmailDomain(element, undefined);
  expect(await host.page.evaluate((name) => localStorage.getItem(name), EMAIL_DOMAIN_STORAGE_NAME)).toBeNull();

  await useEmailDomain(element, ONLY_DOMAIN);
  await expectEmailDomain(element, ONLY_DOMAIN);
  await expect(element.getByRole('alert')).toHaveCount(0);
  // Kept for this base URL only: the other server's element still has none.
  await expectEmailDomain(other, undefined);

  faults.reset();
  for (const line of await pressForTenLines(host)) expect(line).toMatchObject({ part: 'result success', status: '201', statusText: 'Created' });
  const users = faults.posts().map((post) => JSON.parse(post.body) as ScimUser);
  expect(users).toHaveLength(10);
  for (const user of users) {
    expect([user.userName, ...user.emails.map((email) => email.value)].every((address) => address.endsWith('@acme.test'))).toBe(true);
    // scimmy's core User schema, as a strict server reads the body (the sandbox, in this worker, owns scimmy's declarations).
    expect(() => SCIMMY.Schemas.User.definition.coerce(user, 'in')).not.toThrow();
  }
  expect(new Set(users.map((user) => user.userName.split('@')[0])).size).toBe(10);

  await host.reload();
  const reloaded = await host.mount({ 'base-url': faults.baseUrl('acme-domain-only') });
  await expectEmailDomain(reloaded, ONLY_DOMAIN);
  faults.reset();
  for (const line of await pressForTenLines(host)) expect(line).toMatchObject({ part: 'result success', status: '201' });

  await clearEmailDomain(reloaded);
  await expectEmailDomain(reloaded, undefined);
  for (const line of await pressForTenLines(host)) expect(line).toMatchObject({ part: 'result error', status: '400' });
});

test("the page's email-domain is the default, shown as such; the reader's own wins over it", async ({ host, faults }) => {
  const element = await host.mount({ 'base-url': faults.baseUrl('acme-domain-only'), 'email-domain': 'Docs.Example' });
  await expect(emailDomainSummary(element)).toHaveText("E-mail domain: docs.example (this page's default)");
  for (const line of await pressForTenLines(host)) expect(line.detail).toMatch(/^— invalidValue: "[^"]+@docs\.example" is not an address at acme\.test$/);

  await useEmailDomain(element, 'ACME.test');
  await expectEmailDomain(element, ONLY_DOMAIN);
  for (const line of await pressForTenLines(host)) expect(line).toMatchObject({ part: 'result success', status: '201' });
});

test("an email-domain attribute that is not a domain name is named; a press and a readiness run send nothing until the reader sets their own", async ({ host, faults }) => {
  const message =
    'Invalid email-domain: "localhost" is not a domain name such as acme.test: two or more labels of letters a-z, digits and inner hyphens (63 at most each), joined by dots, the last not all digits';
  const element = await host.mount({ 'base-url': faults.baseUrl('acme-domain-only'), 'email-domain': 'localhost' });
  await expect(emailDomainSummary(element)).toHaveText("E-mail domain: none (this page's is not a domain name)");
  await expect(element.getByRole('alert')).toHaveText([message]);

  await element.getByRole('button', { name: 'Ready for Entra?' }).click();
  await expect(element.getByRole('alert')).toHaveText([message, message]);
  // The message in place of the lines (and of what follows them), as for an editor's text a press cannot send.
  await element.getByRole('button', { name: /^Generate / }).click();
  await expect(element.getByRole('button', { name: 'Ready for Entra?' })).toHaveCount(0);
  await expect(element.getByRole('alert')).toHaveText([message, message]);
  expect(faults.requests).toEqual([]);
  await expect(host.lines()).toHaveCount(0);

  await useEmailDomain(element, ONLY_DOMAIN);
  await expectEmailDomain(element, ONLY_DOMAIN);
  for (const line of await pressForTenLines(host)) expect(line).toMatchObject({ part: 'result success', status: '201' });
  await expect(element.getByRole('alert')).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`by keyboard alone, on a ${scheme} page: open, type, Enter; its message and its form are axe-clean`, async ({ host, faults }, testInfo) => {
    if (scheme === 'dark') await host.page.evaluate(() => Object.assign(document.body.style, { background: '#111', color: '#eee' }));
    const element = await host.mount({ 'base-url': faults.baseUrl('acme-domain-only') });
    await emailDomainSummary(element).focus();
    await host.page.keyboard.press('Enter');
    await host.page.keyboard.press('Tab');
    await host.page.keyboard.type('acme_corp.test');
    await host.page.keyboard.press('Enter');
    await expect(element.getByRole('alert')).toContainText('"acme_corp.test" is not a domain name');
    expect(blockingViolations(await runAxe(host.page, testInfo, `e-mail domain, ${scheme}, message`, 'scim-generator'))).toEqual([]);

    await host.page.keyboard.press('Control+A');
    await host.page.keyboard.type(ONLY_DOMAIN);
    await host.page.keyboard.press('Enter');
    await expectEmailDomain(element, ONLY_DOMAIN);
    expect(blockingViolations(await runAxe(host.page, testInfo, `e-mail domain, ${scheme}, set`, 'scim-generator'))).toEqual([]);
  });
}

test('fits 320 px wide, open, with its message and a long base URL', async ({ host, faults }) => {
  await host.page.setViewportSize({ width: 320, height: 640 });
  const element = await host.mount({ 'base-url': `${faults.baseUrl('acme-domain-only')}?tenant=${'a-very-long-tenant-name'.repeat(4)}` });
  await useEmailDomain(element, 'not a domain name at all, written at length');
  await expect(element.getByRole('alert')).toBeVisible();
  const outside = await element.evaluate((generator) =>
    [...(generator.shadowRoot?.querySelectorAll('*') ?? [])]
      .filter((part) => part.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((part) => `${part.tagName.toLowerCase()}: ${part.textContent?.slice(0, 40)}`),
  );
  expect(outside).toEqual([]);
});
