// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordGenerator } from '../../../src/scim/generate';
import { PROFILES } from '../../../src/scim/profiles/names';
import { ERROR_SCHEMA, GROUP_SCHEMA, PATCH_SCHEMA, newUser, startSandbox, type RunningSandbox } from '../test-support/test-sandbox';
import { EMAIL_DOMAIN_ENV, resolveEmailDomain } from './email-domain';

let sandbox: RunningSandbox;
let key: string;
beforeAll(async () => {
  sandbox = await startSandbox({ emailDomain: 'acme.test' });
  key = await sandbox.createKey('pro');
});
afterAll(() => sandbox.close());

const post = (path: string, body: unknown) => sandbox.scim(path, { method: 'POST', key, body });

async function expectRefused(response: Response, detail: string): Promise<void> {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ schemas: [ERROR_SCHEMA], status: '400', scimType: 'invalidValue', detail });
}

describe('a sandbox with an e-mail domain (SANDBOX_EMAIL_DOMAIN)', () => {
  it('refuses a userName outside the domain, naming it', async () => {
    await expectRefused(await post('/Users', newUser('ada@example.com')), 'userName "ada@example.com" is not an address at acme.test: this server takes only acme.test');
    await expectRefused(await post('/Users', newUser('ada')), 'userName "ada" is not an address at acme.test: this server takes only acme.test');
    await expectRefused(await post('/Users', newUser('@acme.test')), 'userName "@acme.test" is not an address at acme.test: this server takes only acme.test');
  });

  it('refuses any e-mail outside the domain, naming which', async () => {
    const user = newUser('ada@acme.test', { emails: [{ value: 'ada@acme.test', type: 'work' }, { value: 'ada@mail.acme.test', type: 'home' }] });
    await expectRefused(await post('/Users', user), 'emails[1].value "ada@mail.acme.test" is not an address at acme.test: this server takes only acme.test');
  });

  it('takes addresses at the domain in any case, and leaves groups alone', async () => {
    expect((await post('/Users', newUser('Grace@ACME.Test', { emails: [{ value: 'grace@acme.test' }] }))).status).toBe(201);
    expect((await post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'research@example.com' })).status).toBe(201);
  });

  it('refuses a PUT or a PATCH that moves a user out of the domain', async () => {
    const created = (await (await post('/Users', newUser('linus@acme.test', { emails: [{ value: 'linus@acme.test' }] }))).json()) as { id: string };
    const put = await sandbox.scim(`/Users/${created.id}`, { method: 'PUT', key, body: newUser('linus@example.org') });
    await expectRefused(put, 'userName "linus@example.org" is not an address at acme.test: this server takes only acme.test');
    const patch = await sandbox.scim(`/Users/${created.id}`, {
      method: 'PATCH',
      key,
      body: { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'emails', value: [{ value: 'linus@example.net' }] }] },
    });
    await expectRefused(patch, 'emails[0].value "linus@example.net" is not an address at acme.test: this server takes only acme.test');
  });

  it.each(PROFILES)("creates the element's %s users at the domain, and refuses them without it", async (profile) => {
    // A tenant of its own: the same seed makes the same people in every profile.
    const tenant = await sandbox.createKey('pro');
    const statuses = (records: unknown[]) => Promise.all(records.map(async (body) => (await sandbox.scim('/Users', { method: 'POST', key: tenant, body })).status));
    expect(await statuses(createRecordGenerator(4)('Users', { profile, emailDomain: 'acme.test' }))).toEqual(Array(10).fill(201));
    expect(await statuses(createRecordGenerator(4)('Users', { profile }))).toEqual(Array(10).fill(400));
  });
});

describe('resolveEmailDomain', () => {
  it('takes the option, else the variable, in lower case; none when neither is set', () => {
    expect(resolveEmailDomain('Acme.Test', { [EMAIL_DOMAIN_ENV]: 'other.test' })).toBe('acme.test');
    expect(resolveEmailDomain(undefined, { [EMAIL_DOMAIN_ENV]: ' Other.Test ' })).toBe('other.test');
    expect(resolveEmailDomain(undefined, { [EMAIL_DOMAIN_ENV]: ' ' })).toBeUndefined();
    expect(resolveEmailDomain(undefined, {})).toBeUndefined();
  });

  it('stops the start on a value that is not a domain name, saying why', () => {
    expect(() => resolveEmailDomain(undefined, { [EMAIL_DOMAIN_ENV]: 'localhost' })).toThrow('SANDBOX_EMAIL_DOMAIN: "localhost" is not a domain name such as acme.test: two or more labels of letters a-z, digits and inner hyphens (63 at most each), joined by dots, the last not all digits');
  });
});
