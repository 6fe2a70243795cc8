// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { domainSandboxForTests } from '../../test-support/domain-sandbox';
import type { ScimUser } from '../records/schemas';
import { runReadiness } from './run';
import type { IdpProfile } from './table';

// Issue 52: a readiness run against a server that takes only its own e-mail domain (the sandbox
// with emailDomain, as SANDBOX_EMAIL_DOMAIN sets it). With the domain, every user the run makes and
// every new address its Update and checks send are at it, and the IdP is ready; without, the
// users are refused and the run says so.

const sandbox = domainSandboxForTests('acme.test');

describe.each(['entra', 'okta'] satisfies IdpProfile[])('%s readiness against a server of one e-mail domain', (profile) => {
  it('is ready with the domain, every address it sent at it', async () => {
    const verdict = await runReadiness({ baseUrl: sandbox.site.scimUrl, apiKey: sandbox.apiKey, profile, seed: 52, emailDomain: 'acme.test' });
    expect(verdict.blockers.map(({ criterion, answered }) => `${criterion}: ${answered}`)).toEqual([]);
    expect(verdict.ready).toBe(true);
    const sentUsers = verdict.calls.filter(({ request }) => request.method === 'POST' && request.url.endsWith('/Users')).map(({ request }) => request.body as ScimUser);
    expect(sentUsers.length).toBeGreaterThan(0);
    for (const user of sentUsers) expect([user.userName, ...(user.emails ?? []).map(({ value }) => value)].every((address) => address.endsWith('@acme.test'))).toBe(true);
    expect(verdict.leftBehind).toEqual([]);
  });

  it('is blocked without it: the server refuses the users, 400 invalidValue', async () => {
    const verdict = await runReadiness({ baseUrl: sandbox.site.scimUrl, apiKey: sandbox.apiKey, profile, seed: 52 });
    expect(verdict.ready).toBe(false);
    expect(verdict.blockers.map(({ criterion }) => criterion)).toContain('create-users');
    const creates = verdict.calls.filter(({ request, purpose }) => request.method === 'POST' && purpose === 'create' && request.url.endsWith('/Users'));
    expect(creates.map(({ status, scimType }) => [status, scimType])).toEqual(creates.map(() => [400, 'invalidValue']));
  });
});
