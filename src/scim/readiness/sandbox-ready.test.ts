// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenWithSandbox, type SandboxServer } from '../../../e2e/support/sandbox';
import { IDP_PROFILES } from '../profiles/names';
import { runReadiness } from './run';

// Issue 48: the sandbox is ready for every IdP profile the element has (IDP_PROFILES; READINESS in
// table.ts holds each one's criteria), so a profile added there is held to it at once. The defects'
// matrix for Entra and Okta is run.sandbox.test.ts.

describe('the sandbox', () => {
  let site: SandboxServer;
  let apiKey: string;
  beforeAll(async () => {
    site = await listenWithSandbox();
    apiKey = await site.createApiKey('pro');
  });
  afterAll(() => site?.close());

  it.each(IDP_PROFILES)('is ready for %s: no blocker, every criterion decided, nothing left behind', async (profile) => {
    const verdict = await runReadiness({ baseUrl: site.scimUrl, apiKey, profile, seed: 48 });
    expect(verdict.blockers.map(({ criterion, answered }) => `${criterion}: ${answered}`)).toEqual([]);
    expect(verdict.undecided).toEqual([]);
    expect(verdict.leftBehind).toEqual([]);
    expect(verdict.ready).toBe(true);
  });
});
