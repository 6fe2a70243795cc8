import { afterAll, beforeAll } from 'vitest';
import { listenWithSandbox, type SandboxServer } from '../../e2e/support/sandbox';

/**
 * A sandbox that takes only addresses at `domain` (as SANDBOX_EMAIL_DOMAIN sets it, issue 52) and a
 * Pro key on it, started before the tests of the block that calls this and closed after them.
 */
export function domainSandboxForTests(domain: string): { readonly site: SandboxServer; readonly apiKey: string } {
  const sandbox = {} as { site: SandboxServer; apiKey: string };
  beforeAll(async () => {
    sandbox.site = await listenWithSandbox(undefined, { sandbox: { emailDomain: domain } });
    sandbox.apiKey = await sandbox.site.createApiKey('pro');
  });
  afterAll(() => sandbox.site?.close());
  return sandbox;
}
