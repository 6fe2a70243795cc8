// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ENTERPRISE_SCHEMA, ERROR_SCHEMA, PATCH_SCHEMA, USER_SCHEMA, freshSandboxPerTest, newUser } from '../test-support/test-sandbox';

const fresh = freshSandboxPerTest();

interface Email {
  value: string;
  type?: string;
  primary?: boolean;
}

async function userWithEmails(): Promise<string> {
  // A second user without emails: scimmy's filters failed once one existed.
  await fresh.sandbox.scim('/Users', { method: 'POST', key: fresh.key, body: newUser('no.emails') });
  const response = await fresh.sandbox.scim('/Users', {
    method: 'POST',
    key: fresh.key,
    body: {
      schemas: [USER_SCHEMA],
      userName: 'mail.user',
      emails: [
        { value: 'a@x.org', type: 'work', primary: true },
        { value: 'b@x.org', type: 'home' },
      ],
    },
  });
  return ((await response.json()) as { id: string }).id;
}

function patch(id: string, ...operations: unknown[]): Promise<Response> {
  return fresh.sandbox.scim(`/Users/${id}`, { method: 'PATCH', key: fresh.key, body: { schemas: [PATCH_SCHEMA], Operations: operations } });
}

async function emailsAfter(response: Response): Promise<Email[]> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { emails?: Email[] }).emails ?? [];
}

describe('PATCH with a value filter in the path (RFC 7644 §3.5.2)', () => {
  // Entra ID writes the op capitalised, "Replace" (MicrosoftDocs/entra-docs,
  // docs/identity/app-provisioning/application-provisioning-config-problem-scim-compatibility.md).
  it.each(['replace', 'Replace'])('%s on a sub-attribute of the matching value: emails[value eq "a@x.org"].value', async (op) => {
    const id = await userWithEmails();

    const emails = await emailsAfter(await patch(id, { op, path: 'emails[value eq "a@x.org"].value', value: 'c@x.org' }));

    expect(emails).toEqual([
      { value: 'c@x.org', type: 'work', primary: true },
      { value: 'b@x.org', type: 'home' },
    ]);
  });

  it('replaces the whole matching value: emails[type eq "work"]', async () => {
    const id = await userWithEmails();

    const emails = await emailsAfter(await patch(id, { op: 'replace', path: 'emails[type eq "work"]', value: { value: 'w@x.org', type: 'work' } }));

    expect(emails).toEqual([
      { value: 'w@x.org', type: 'work' },
      { value: 'b@x.org', type: 'home' },
    ]);
  });

  it('applies operations in order: a filtered replace sees what an earlier operation wrote', async () => {
    const id = await userWithEmails();

    const emails = await emailsAfter(
      await patch(
        id,
        { op: 'add', path: 'emails', value: [{ value: 'o@x.org', type: 'other' }] },
        { op: 'replace', path: 'emails[type eq "other"].value', value: 'p@x.org' },
      ),
    );

    expect(emails.map((email) => email.value)).toEqual(['a@x.org', 'b@x.org', 'p@x.org']);
  });

  it('adds a sub-attribute to the matching value', async () => {
    const id = await userWithEmails();

    const emails = await emailsAfter(await patch(id, { op: 'add', path: 'emails[type eq "home"].display', value: 'Home' }));

    expect(emails[1]).toEqual({ value: 'b@x.org', type: 'home', display: 'Home' });
  });

  it('removes the matching value, and only it', async () => {
    const id = await userWithEmails();

    const emails = await emailsAfter(await patch(id, { op: 'remove', path: 'emails[value eq "b@x.org"]' }));

    expect(emails).toEqual([{ value: 'a@x.org', type: 'work', primary: true }]);
  });

  it('answers 400 noTarget when nothing matches a replace', async () => {
    const id = await userWithEmails();

    const response = await patch(id, { op: 'replace', path: 'emails[value eq "nobody@x.org"].value', value: 'z@x.org' });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ schemas: [ERROR_SCHEMA], scimType: 'noTarget' });
  });

  it('says which operation had no target, under the op the client sent', async () => {
    const id = await userWithEmails();

    const response = await patch(id, { op: 'add', path: 'title', value: 'x' }, { op: 'Replace', path: 'emails[value eq "nobody@x.org"].value', value: 'z@x.org' });

    expect(await response.json()).toMatchObject({ scimType: 'noTarget', detail: expect.stringContaining('(operation 2, replace)') });
  });

  it('compares the filter as the schema says: emails[type eq "WORK"] finds the work address (caseExact false)', async () => {
    const id = await userWithEmails();

    const emails = await emailsAfter(await patch(id, { op: 'replace', path: 'emails[type eq "WORK"].value', value: 'w@x.org' }));

    expect(emails.map((email) => email.value)).toEqual(['w@x.org', 'b@x.org']);
  });

  // Entra ID gives a user a work address this way (Microsoft Q&A "Entra ID patch sending Add instead of Replace").
  it.each([
    ['a user without e-mails', newUser('bare.user'), [{ type: 'work', value: 'new@x.org' }]],
    ['a user with only a home address', newUser('home.user', { emails: [{ value: 'h@x.org', type: 'home' }] }), [{ value: 'h@x.org', type: 'home' }, { type: 'work', value: 'new@x.org' }]],
  ])('an Add on emails[type eq "work"].value that matches nothing adds the work address, for %s', async (_case, user, expected) => {
    const created = await fresh.sandbox.scim('/Users', { method: 'POST', key: fresh.key, body: user });
    const { id } = (await created.json()) as { id: string };

    const emails = await emailsAfter(await patch(id, { op: 'Add', path: 'emails[type eq "work"].value', value: 'new@x.org' }));

    expect(emails).toEqual(expected);
  });

  it('several Adds on sub-attributes of one absent value build that one value, as Entra sends an address', async () => {
    const created = await fresh.sandbox.scim('/Users', { method: 'POST', key: fresh.key, body: newUser('no.address') });
    const { id } = (await created.json()) as { id: string };

    const response = await patch(
      id,
      { op: 'Add', path: 'addresses[type eq "work"].locality', value: 'Oslo' },
      { op: 'Add', path: 'addresses[type eq "work"].postalCode', value: '0150' },
      { op: 'Add', path: 'addresses[type eq "work"].country', value: 'NO' },
    );

    expect(response.status).toBe(200);
    expect(((await response.json()) as { addresses?: unknown }).addresses).toEqual([{ type: 'work', locality: 'Oslo', postalCode: '0150', country: 'NO' }]);
  });

  it('answers 400 noTarget to an add that matches nothing when its filter does not pin the value down', async () => {
    const id = await userWithEmails();

    const response = await patch(id, { op: 'add', path: 'emails[value co "nobody"].display', value: 'x' });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ scimType: 'noTarget' });
  });

  it('a filtered operation sees a path-less replace before it', async () => {
    const id = await userWithEmails();

    const emails = await emailsAfter(
      await patch(
        id,
        { op: 'replace', value: { emails: [{ value: 'n@x.org', type: 'work' }] } },
        { op: 'replace', path: 'emails[type eq "work"].value', value: 'm@x.org' },
      ),
    );

    expect(emails).toEqual([{ value: 'm@x.org', type: 'work' }]);
  });

  it.each([
    ['an unknown attribute', 'nickname2'],
    ['an unknown sub-attribute', 'name.middle'],
    ['a bad filter', 'emails[value eq].value'],
    ['a filter on an unknown sub-attribute', 'emails[colour eq "red"].value'],
    ['an unknown schema', 'urn:example:x:attr'],
    ['a literal in capitals, which the filter evaluator cannot read', 'emails[primary eq TRUE].value'],
  ])('answers 400 invalidPath to %s', async (_case, path) => {
    const id = await userWithEmails();

    const response = await patch(id, { op: 'replace', path, value: 'x' });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ schemas: [ERROR_SCHEMA], scimType: 'invalidPath' });
  });
});

describe('PATCH on a sub-attribute of an extension attribute: urn:…:enterprise:2.0:User:manager.value', () => {
  const MANAGER_VALUE = `${ENTERPRISE_SCHEMA}:manager.value`;

  /** A user with a manager (value and displayName) and a department, or one with no enterprise attributes. */
  async function user(withManager: boolean): Promise<string> {
    const enterprise = withManager ? { schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA], [ENTERPRISE_SCHEMA]: { department: 'R&D', manager: { value: 'old', displayName: 'Old Boss' } } } : {};
    const response = await fresh.sandbox.scim('/Users', { method: 'POST', key: fresh.key, body: newUser(`managed.${withManager}`, enterprise) });
    return ((await response.json()) as { id: string }).id;
  }

  async function enterpriseAfter(response: Response): Promise<unknown> {
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as Record<string, unknown>)[ENTERPRISE_SCHEMA];
  }

  it.each([
    ['a path, replace', { op: 'replace', path: MANAGER_VALUE, value: 'new' }],
    ['a path, Add', { op: 'Add', path: MANAGER_VALUE, value: 'new' }],
    ['a key of a path-less replace', { op: 'replace', value: { [MANAGER_VALUE]: 'new' } }],
    ['a key of a path-less add', { op: 'add', value: { [MANAGER_VALUE]: 'new' } }],
  ])('as %s, sets it and keeps the rest', async (_case, operation) => {
    const withManager = await user(true);
    const without = await user(false);

    expect(await enterpriseAfter(await patch(withManager, operation))).toEqual({ department: 'R&D', manager: { value: 'new', displayName: 'Old Boss' } });
    expect(await enterpriseAfter(await patch(without, operation))).toEqual({ manager: { value: 'new' } });
  });

  it('keeps the other keys of a path-less add as they were sent', async () => {
    const id = await user(false);

    const response = await patch(id, { op: 'add', value: { title: 'Lead', [MANAGER_VALUE]: 'new', [`${ENTERPRISE_SCHEMA}:manager.displayName`]: 'New Boss' } });

    expect(await enterpriseAfter(response.clone())).toEqual({ manager: { value: 'new', displayName: 'New Boss' } });
    expect(((await response.json()) as { title?: string }).title).toBe('Lead');
  });
});
