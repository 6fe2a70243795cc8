// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ENTERPRISE_SCHEMA, GROUP_SCHEMA, USER_SCHEMA, freshSandboxPerTest, newUser } from '../test-support/test-sandbox';

const fresh = freshSandboxPerTest();

async function create(body: unknown): Promise<string> {
  const response = await fresh.sandbox.scim('/Users', { method: 'POST', key: fresh.key, body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function matches(filter: string): Promise<string[]> {
  const response = await fresh.sandbox.scim(`/Users?filter=${encodeURIComponent(filter)}`, { key: fresh.key });
  expect(response.status, filter).toBe(200);
  return ((await response.json()) as { Resources: { id: string }[] }).Resources.map(({ id }) => id);
}

/** One user with emails, a name and enterprise attributes, one with none of them. */
async function twoUsers(): Promise<{ full: string; bare: string }> {
  const full = await create({
    schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
    userName: 'Bob.Case',
    name: { givenName: 'Bob', familyName: 'Case' },
    emails: [
      { value: 'a@x.org', type: 'work', primary: true },
      { value: 'b@y.org', type: 'home' },
    ],
    [ENTERPRISE_SCHEMA]: { department: 'Research' },
  });
  return { full, bare: await create(newUser('bare')) };
}

describe('filters over attributes some users lack (scimmy 1.3.5 answered 400 "Cannot convert undefined or null to object")', () => {
  it.each(['emails.value eq "a@x.org"', 'emails[type eq "work"]', 'emails[type eq "home" and value ew "@y.org"]', 'name.givenName eq "Bob"'])(
    'finds only the user that has them: %s',
    async (filter) => {
      const { full } = await twoUsers();
      expect(await matches(filter)).toEqual([full]);
    },
  );

  it('still combines with attributes everyone has', async () => {
    const { full, bare } = await twoUsers();
    expect((await matches('name.givenName eq "Bob" or userName eq "bare"')).sort()).toEqual([full, bare].sort());
  });
});

describe('caseExact from the schema (RFC 7643 §2.2; scimmy compared every string exactly)', () => {
  it.each([
    'userName eq "bob.case"',
    'userName eq "BOB.CASE"',
    'userName sw "bob"',
    'userName co "B.c"',
    'name.givenName eq "bob"',
    'emails.value eq "A@X.ORG"',
    'emails[type eq "WORK"]',
    `${USER_SCHEMA}:userName eq "bob.case"`,
    `${ENTERPRISE_SCHEMA}:department eq "research"`,
  ])('%s finds Bob.Case', async (filter) => {
    const { full } = await twoUsers();
    expect(await matches(filter)).toEqual([full]);
  });

  it('keeps caseExact attributes exact: externalId and id', async () => {
    const id = await create(newUser('exact', { externalId: 'Ext-1' }));
    expect(await matches('externalId eq "Ext-1"')).toEqual([id]);
    expect(await matches('externalId eq "ext-1"')).toEqual([]);
    expect(await matches(`id eq "${id.toUpperCase()}"`)).toEqual([]);
  });

  it('compares a group displayName ignoring case', async () => {
    const response = await fresh.sandbox.scim('/Groups', { method: 'POST', key: fresh.key, body: { schemas: [GROUP_SCHEMA], displayName: 'Platform Team' } });
    const { id } = (await response.json()) as { id: string };
    const found = await fresh.sandbox.scim(`/Groups?filter=${encodeURIComponent('displayName eq "platform team"')}`, { key: fresh.key });
    expect(((await found.json()) as { Resources: { id: string }[] }).Resources.map((group) => group.id)).toEqual([id]);
  });
});

describe('not and pr (scimmy pushed not into each term, and counted empty values as present)', () => {
  it('not (emails.value pr) finds the user without emails', async () => {
    const { bare } = await twoUsers();
    expect(await matches('not (emails.value pr)')).toEqual([bare]);
  });

  it('not (emails[type eq "work"]) finds the user without a work address', async () => {
    const { bare } = await twoUsers();
    expect(await matches('not (emails[type eq "work"])')).toEqual([bare]);
  });

  it('not (a and b) is not (not a and not b)', async () => {
    const { full, bare } = await twoUsers();
    expect((await matches('not (userName eq "Bob.Case" and name.givenName eq "Nobody")')).sort()).toEqual([full, bare].sort());
  });

  it('pr does not match an empty string or an empty complex value', async () => {
    const empty = await create(newUser('empty', { title: '', name: {} }));
    const { full } = await twoUsers();
    expect(await matches('name pr')).toEqual([full]);
    expect(await matches('title pr')).toEqual([]);
    expect((await matches('not (title pr)')).length).toBe(3);
    expect(await matches('not (name pr) and userName eq "empty"')).toEqual([empty]);
  });

  it('a multi-valued attribute of plain values matches where one value does', async () => {
    const { full } = await twoUsers();
    expect(await matches(`schemas eq "${ENTERPRISE_SCHEMA}"`)).toEqual([full]);
  });
});

describe('what the evaluator cannot read gets a 400, not a 500', () => {
  it.each(['active eq TRUE', 'groups.$ref pr'])('%s', async (filter) => {
    const response = await fresh.sandbox.scim(`/Users?filter=${encodeURIComponent(filter)}`, { key: fresh.key });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ scimType: 'invalidFilter', detail: expect.stringContaining('lower case') });
  });
});
