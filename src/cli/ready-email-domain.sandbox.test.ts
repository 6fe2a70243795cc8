// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { domainSandboxForTests } from '../test-support/domain-sandbox';
import { main } from './main';

// `scim-generator ready --email-domain` against a sandbox that takes only acme.test (issue 52).

async function ready(args: string[], apiKey: string): Promise<{ code: number | undefined; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (text: string) => void (stdout += text), stderr: (text: string) => void (stderr += text), env: { SCIM_TOKEN: apiKey } };
  const code = await main(['ready', ...args], io);
  return { code, stdout, stderr };
}

describe('scim-generator ready --email-domain', () => {
  const sandbox = domainSandboxForTests('acme.test');

  it('makes its users at the domain: Okta is ready', async () => {
    const run = await ready([sandbox.site.scimUrl, '--idp', 'okta', '--email-domain', 'ACME.test'], sandbox.apiKey);
    expect(run.stdout).toBe('READY    Ready for Okta\n');
    expect(run.code).toBe(0);
  });

  it('without it, the users are refused: blocked, exit 1', async () => {
    const run = await ready([sandbox.site.scimUrl, '--idp', 'okta'], sandbox.apiKey);
    expect(run.stdout).toMatch(/^BLOCKED {2}Okta: /);
    expect(run.stdout).toContain('create-users: Expected 201 Created with an id; POST /scim/v2/Users answered 400 Bad Request with scimType invalidValue: "userName');
    // The server's own words (its SCIM error's detail, RFC 7644 §3.12) come with the blocker.
    expect(run.stdout).toMatch(/is not an address at acme\.test: this server takes only acme\.test"\.$/m);
    expect(run.code).toBe(1);
  });

  it('refuses a value that is not a domain name as bad input, exit 2, sending nothing', async () => {
    const run = await ready([sandbox.site.scimUrl, '--email-domain', 'localhost'], sandbox.apiKey);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Invalid --email-domain: "localhost" is not a domain name such as acme.test');
    expect(run.stdout).toBe('');
  });
});
