// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ENTERPRISE_SCHEMA, USER_SCHEMA, freshSandboxPerTest, newUser } from './test-sandbox';

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

describe('userName filters are case-insensitive (RFC 7643 caseExact false; scimmy compared exactly)', () => {
  it.each(['userName eq "bob.case"', 'userName eq "BOB.CASE"', 'userName sw "bob"', 'userName co "B.c"'])('%s finds Bob.Case', async (filter) => {
    const { full } = await twoUsers();
    expect(await matches(filter)).toEqual([full]);
  });

  it('keeps other attributes exact: name.givenName eq "bob" finds no one', async () => {
    await twoUsers();
    expect(await matches('name.givenName eq "bob"')).toEqual([]);
  });
});
