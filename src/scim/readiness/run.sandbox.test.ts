// @vitest-environment node
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bystanders, listenWithSandbox, type Bystanders, type SandboxServer } from '../../../e2e/support/sandbox';
import { DEFECTS } from '../../../e2e/support/readiness-defects';
import { runReadiness, type ReadinessVerdict } from './run';
import { IDP_PROFILES } from '../profiles/names';
import type { IdpProfile } from './table';

// The readiness run against the sandbox, in Node with its fetch, behind middleware that adds one
// defect at a time: each defect blocks exactly the IdPs whose documents require what it breaks, with
// a blocker naming the exchange; and whatever the run found, it leaves nothing behind.

// Every IdP profile: the sandbox must be ready for each.
const PROFILES = IDP_PROFILES;

/** Every resource a run's creates answered with, by its URL. */
const madeBy = (verdict: ReadinessVerdict) => verdict.calls.filter(({ purpose, status, id }) => purpose === 'create' && status === 201 && id).map(({ request, id }) => `${request.url}/${id}`);

describe.each(DEFECTS)('$name', ({ misbehave, blocks }) => {
  let site: SandboxServer;
  let apiKey: string;
  const verdicts = new Map<IdpProfile, ReadinessVerdict>();
  let others: Bystanders;

  beforeAll(async () => {
    const app = express();
    misbehave(app);
    site = await listenWithSandbox(app);
    apiKey = await site.createApiKey('pro');
    others = await bystanders(site, apiKey);
    for (const profile of PROFILES) verdicts.set(profile, await runReadiness({ baseUrl: site.scimUrl, apiKey, profile, seed: 48 }));
  });
  afterAll(() => site?.close());

  for (const profile of PROFILES) {
    const expected = blocks[profile];
    it(expected ? `blocks ${profile} with ${expected}, naming the exchange` : `leaves ${profile} ready, with no blocker`, () => {
      const verdict = verdicts.get(profile) as ReadinessVerdict;
      if (!expected) {
        expect(verdict.blockers.map(({ criterion, answered }) => `${criterion}: ${answered}`)).toEqual([]);
        expect(verdict.undecided).toEqual([]);
        expect(verdict.ready).toBe(true);
        return;
      }
      expect(verdict.ready).toBe(false);
      const blocker = verdict.blockers.find(({ criterion }) => criterion === expected);
      expect(blocker, JSON.stringify(verdict.blockers.map(({ criterion }) => criterion))).toBeDefined();
      expect(blocker?.calls.length).toBeGreaterThan(0);
      // Its calls are the run's own, and its text names the exchange that decided it (the others are its read-back).
      const calls = blocker?.calls ?? [];
      for (const call of calls) expect(verdict.calls).toContain(call);
      const exchanges = calls.map(({ request }) => `${request.method} ${decodeURIComponent(new URL(request.url).pathname)}`);
      expect(exchanges.some((exchange) => blocker?.answered.includes(exchange)), `${blocker?.answered} names one of ${exchanges.join(', ')}`).toBe(true);
      expect(blocker?.source.url).toMatch(/^https:\/\//);
    });
  }

  it('leaves nothing behind: every resource the runs made answers 404, and the user and group they did not make are unchanged', async () => {
    const made = PROFILES.flatMap((profile) => madeBy(verdicts.get(profile) as ReadinessVerdict));
    expect(made.length).toBeGreaterThanOrEqual(6);
    for (const profile of PROFILES) expect(verdicts.get(profile)?.leftBehind).toEqual([]);
    for (const url of made) {
      const response = await fetch(url, { headers: { Authorization: `Bearer ${apiKey}` } });
      expect(response.status, url).toBe(404);
    }
    expect(await others.now()).toEqual({ user: others.user.before, group: others.group.before });
  });

  it('makes at most 120 calls for Entra and Okta together', () => {
    expect((['entra', 'okta'] as const).reduce((sum, profile) => sum + (verdicts.get(profile)?.calls.length ?? 0), 0)).toBeLessThanOrEqual(120);
  });
});

describe('a server that answers 204 to DELETE and keeps the resource', () => {
  it('names every resource the run made as left behind, as its read-back GETs found them', async () => {
    const app = express();
    app.delete(/\/scim\/v2\/(Users|Groups)\/[^/]+$/, (_request, response) => void response.status(204).end());
    const site = await listenWithSandbox(app);
    try {
      const apiKey = await site.createApiKey('pro');
      const verdict = await runReadiness({ baseUrl: site.scimUrl, apiKey, profile: 'okta', seed: 48 });
      const made = madeBy(verdict);
      expect(made.length).toBeGreaterThan(0);
      expect([...verdict.leftBehind].sort()).toEqual([...made].sort());
      for (const url of made) expect(verdict.calls.filter(({ request }) => request.method === 'GET' && request.url === url).length).toBeGreaterThanOrEqual(2);
    } finally {
      await site.close();
    }
  });
});
