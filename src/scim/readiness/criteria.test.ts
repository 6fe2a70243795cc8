import { describe, expect, it } from 'vitest';
import type { ScimCall } from '../http/call';
import { ERROR_SCHEMA, PATCH_OP_SCHEMA } from '../protocol';
import type { RecordedSteps, StepId } from '../profiles/criterion';
import type { Criterion } from '../profiles/criterion';
import { IDP_NAMES, type IdpProfile } from '../profiles/idp-names';
import { READINESS } from './table';

// Each criterion of each IdP's table, decided from recorded exchanges: once met, once not, and
// undecided when its steps did not run.

const BASE = 'https://scim.example/scim/v2';

function call(method: ScimCall['request']['method'], path: string, status: number, { body, sent }: { body?: unknown; sent?: unknown } = {}): ScimCall {
  return {
    purpose: 'check',
    status,
    statusText: '',
    ok: status >= 200 && status < 300,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    request: { method, url: `${BASE}${path}`, headers: {}, ...(sent === undefined ? {} : { body: sent }) },
    ...(body === undefined ? {} : { response: { headers: {}, body, bodyFormat: 'json', bodyText: JSON.stringify(body), truncated: false } as unknown as ScimCall['response'] }),
  };
}

const patch = (op: string, path: string, status: number) => call('PATCH', '/Groups/g1', status, { sent: { schemas: [PATCH_OP_SCHEMA], Operations: [{ op, path, value: 'x' }] } });
const notFound = (detail: string) => ({ schemas: [ERROR_SCHEMA], status: '404', detail });

/** The criteria decided by the exchanges themselves, not by their steps' shortfalls: a record that meets each, and one that does not. */
const BY_EXCHANGE: Record<string, { met: Partial<Record<StepId, ScimCall[]>>; unmet: Partial<Record<StepId, ScimCall[]>>; says: RegExp }> = {
  'Entra patch-op-case': {
    // A refused value-filter path into emails is another criterion's (update-user), not this one's.
    met: { rename: [patch('Replace', 'displayName', 204)], update: [patch('Replace', 'emails[type eq "work"].value', 400)] },
    unmet: { rename: [patch('Replace', 'displayName', 400)] },
    says: /capitalised op; PATCH \/scim\/v2\/Groups\/g1 answered 400/,
  },
  'Entra delete': {
    met: { delete: [call('DELETE', '/Users/u1', 204), call('DELETE', '/Groups/g1', 204)] },
    unmet: { delete: [call('DELETE', '/Users/u1', 204), call('DELETE', '/Groups/g1', 405)] },
    says: /Expected 204 No Content; DELETE \/scim\/v2\/Groups\/g1 answered 405/,
  },
  'Entra unknown-id': {
    met: { 'check:unknown-id': [call('GET', '/Users/nobody', 404)] },
    unmet: { 'check:unknown-id': [call('GET', '/Users/nobody', 200, { body: {} })] },
    says: /Expected 404; GET \/scim\/v2\/Users\/nobody answered 200/,
  },
  'Okta username-case': {
    met: { 'check:lookup-ignoring-case': [call('GET', '/Users?filter=userName eq "ADA"', 200)] },
    unmet: { 'check:lookup-ignoring-case': [call('GET', '/Users?filter=userName eq "ADA"', 400)] },
    says: /Expected 200; GET \/scim\/v2\/Users\?filter=userName eq "ADA" answered 400/,
  },
  'Okta duplicate-user': {
    met: { 'check:duplicate-user': [call('POST', '/Users', 409)] },
    unmet: { 'check:duplicate-user': [call('POST', '/Users', 201), call('GET', '/Users/u2', 200), call('DELETE', '/Users/u2', 204)] },
    says: /Expected 409; POST \/scim\/v2\/Users answered 201/,
  },
  'Okta unknown-id': {
    met: { 'check:unknown-id': [call('GET', '/Users/nobody', 404, { body: notFound('No such user') })] },
    unmet: { 'check:unknown-id': [call('GET', '/Users/nobody', 200, { body: '' })] },
    says: /Expected 404 with a detail and the SCIM Error schema; GET \/scim\/v2\/Users\/nobody answered 200/,
  },
  'Okta delete-group': {
    // Okta never deletes users: a refused user DELETE (the run's own clean-up) is not its criterion's.
    met: { delete: [call('DELETE', '/Groups/g1', 204), call('DELETE', '/Users/u1', 405)] },
    unmet: { delete: [call('DELETE', '/Groups/g1', 405)] },
    says: /Expected a 2xx; DELETE \/scim\/v2\/Groups\/g1 answered 405/,
  },
  'OneLogin delete-user': {
    // The run's own clean-up of a group is not OneLogin's criterion (it documents no group DELETE).
    met: { delete: [call('DELETE', '/Groups/g1', 405), call('DELETE', '/Users/u1', 204)] },
    unmet: { delete: [call('DELETE', '/Users/u1', 405)] },
    says: /Expected a 2xx; DELETE \/scim\/v2\/Users\/u1 answered 405/,
  },
  'Ping delete-user': {
    met: { delete: [call('DELETE', '/Groups/g1', 405), call('DELETE', '/Users/u1', 204)] },
    unmet: { delete: [call('DELETE', '/Groups/g1', 204), call('DELETE', '/Users/u1', 500)] },
    says: /Expected a 2xx; DELETE \/scim\/v2\/Users\/u1 answered 500/,
  },
  'Ping delete-group': {
    met: { delete: [call('DELETE', '/Groups/g1', 204), call('DELETE', '/Users/u1', 405)] },
    unmet: { delete: [call('DELETE', '/Groups/g1', 404), call('DELETE', '/Users/u1', 204)] },
    says: /Expected a 2xx; DELETE \/scim\/v2\/Groups\/g1 answered 404/,
  },
  'authentik delete': {
    met: { delete: [call('DELETE', '/Groups/g1', 204), call('DELETE', '/Users/u1', 204)] },
    unmet: { delete: [call('DELETE', '/Groups/g1', 204), call('DELETE', '/Users/u1', 400)] },
    says: /Expected a 2xx; DELETE \/scim\/v2\/Users\/u1 answered 400/,
  },
};

/** A criterion's fixture: its IdP's, or Okta's where the AIW form shares Okta's criterion. */
const fixtureOf = (profile: IdpProfile, criterion: Criterion) =>
  BY_EXCHANGE[`${IDP_NAMES[profile]} ${criterion.id}`] ?? (READINESS.okta.includes(criterion) ? BY_EXCHANGE[`Okta ${criterion.id}`] : undefined);

const recorded = (calls: Partial<Record<StepId, ScimCall[]>>): RecordedSteps =>
  Object.fromEntries(Object.entries(calls).map(([id, stepCalls]) => [id, { calls: stepCalls }]));

for (const [profile, criteria] of Object.entries(READINESS) as [IdpProfile, readonly Criterion[]][]) {
  describe(`${IDP_NAMES[profile]} readiness`, () => {
    it('has unique ids, each with a source sentence, section and https URL', () => {
      expect(new Set(criteria.map(({ id }) => id)).size).toBe(criteria.length);
      for (const { source, steps } of criteria) {
        expect(source.sentence.length).toBeGreaterThan(20);
        expect(source.section).not.toBe('');
        expect(new URL(source.url).protocol).toBe('https:');
        expect(steps.length).toBeGreaterThan(0);
      }
    });

    for (const criterion of criteria) {
      const fixture = fixtureOf(profile, criterion);
      it(`${criterion.id}: undecided when its steps did not run`, () => {
        expect(criterion.decide({})).toHaveProperty('undecided');
      });
      if (fixture) {
        it(`${criterion.id}: met by answers the IdP accepts, not met by the one it refuses, which the decision names`, () => {
          expect(criterion.decide(recorded(fixture.met))).toEqual({ met: true });
          const decision = criterion.decide(recorded(fixture.unmet));
          expect(decision).toMatchObject({ met: false, answered: expect.stringMatching(fixture.says) });
          // The one call named is a call of the record, the one the decision's text names.
          const named = 'calls' in decision ? decision.calls : [];
          expect(named).toHaveLength(1);
          expect(Object.values(fixture.unmet).flat()).toContain(named[0]);
          expect('answered' in decision && decision.answered).toContain(`${named[0]?.request.method} ${decodeURIComponent(new URL(named[0]?.request.url ?? BASE).pathname)}`);
        });
      } else {
        it(`${criterion.id}: met when its steps end without a shortfall, not met with the first shortfall and its calls`, () => {
          const shown = call('PATCH', '/Users/u1', 200);
          const steps = Object.fromEntries(criterion.steps.map((id) => [id, { calls: [shown] }])) as RecordedSteps;
          expect(criterion.decide(steps)).toEqual({ met: true });
          const last = criterion.steps.at(-1) as StepId;
          steps[last] = { calls: [shown], failure: { text: 'Rename: PATCH answered 200, but the server still has displayName "old".', calls: [shown] } };
          expect(criterion.decide(steps)).toEqual({ met: false, answered: 'Rename: PATCH answered 200, but the server still has displayName "old".', calls: [shown] });
        });
      }
    }
  });
}
