import type { ScimCall } from '../http/call';
import { exchange } from '../checks/check';

/**
 * The steps of an IdP's cycle that a readiness run records (run.ts sends them in this order). A
 * `check:` step is one row of Check (checks/), run as the IdP's own test runs it.
 */
export const STEPS = [
  'discover',
  'create-users',
  'list-users',
  'check:lookup-ignoring-case',
  'check:duplicate-user',
  'check:unknown-id',
  'check:work-email-lookup',
  'create-groups',
  'check:lookup-without-members',
  'check:duplicate-group',
  'update',
  'deactivate',
  'remove-member',
  'rename',
  'delete',
] as const;
export type StepId = (typeof STEPS)[number];

/** What one step sent and, where its own logic (a read-back, a Check row, an IdP's sequence) found a shortfall, that shortfall with the calls that show it. */
export interface Step {
  calls: ScimCall[];
  failure?: { text: string; calls: ScimCall[] };
}

/** A run's steps by id; a step that did not run (an earlier one left it nothing to act on) is absent. */
export type RecordedSteps = Partial<Record<StepId, Step>>;

/** How a criterion came out: met, not met (what the server answered, and the calls that show it), or not decided since its steps did not run. */
export type Decision = { met: true } | { met: false; answered: string; calls: ScimCall[] } | { undecided: string };

/** The IdP document a criterion comes from: its sentence, where it says it, and at which address. */
export interface Source {
  document: string;
  section: string;
  url: string;
  sentence: string;
}

export interface Criterion {
  /** Unique within its IdP (the profile module that declares it: its `idp.name` names the IdP). */
  id: string;
  /** A blocker: the IdP's provisioning fails or loses data; a warning: it works, at a cost the documents name. */
  weight: 'blocker' | 'warning';
  /** What the IdP sends and expects, in one sentence. */
  expects: string;
  source: Source;
  /** The steps whose calls decide it. */
  steps: readonly StepId[];
  decide(steps: RecordedSteps): Decision;
}

export const MET: Decision = { met: true };

const notRun = (ids: readonly StepId[], steps: RecordedSteps): Decision | undefined => {
  const missing = ids.filter((id) => !steps[id]);
  return missing.length === ids.length ? { undecided: `${missing.join(', ')} did not run` } : undefined;
};

/**
 * The most common decision: every step of `ids` that ran ended without a shortfall. The first
 * shortfall, in the order given, decides; when none of the steps ran, nothing is decided.
 */
export const stepsSucceed =
  (...ids: StepId[]) =>
  (steps: RecordedSteps): Decision => {
    const skipped = notRun(ids, steps);
    if (skipped) return skipped;
    for (const id of ids) {
      const failure = steps[id]?.failure;
      if (failure) return { met: false, answered: failure.text, calls: failure.calls };
    }
    return MET;
  };

/**
 * The first call of the steps that `matches` and answered otherwise than `accepts`: the decision
 * over the exchanges themselves, whatever the steps' own logic made of them.
 */
export const everyCall =
  (ids: readonly StepId[], matches: (call: ScimCall) => boolean, accepts: (call: ScimCall) => boolean, expected: string) =>
  (steps: RecordedSteps): Decision => {
    const skipped = notRun(ids, steps);
    if (skipped) return skipped;
    const calls = ids.flatMap((id) => steps[id]?.calls ?? []).filter(matches);
    if (calls.length === 0) return { undecided: `no call of ${ids.join(', ')} was of this kind` };
    const refused = calls.find((call) => !accepts(call));
    return refused ? { met: false, answered: `${expected}; ${exchange(refused)}.`, calls: [refused] } : MET;
  };

/** Every DELETE of the run's clean-up (of `type` only, when given) answered 2xx: the IdPs that delete, deciding by the exchanges. */
export const deletesSucceed = (type?: 'Users' | 'Groups') =>
  everyCall(['delete'], ({ request }) => request.method === 'DELETE' && (!type || new URL(request.url).pathname.includes(`/${type}/`)), (call) => call.ok, 'Expected a 2xx');
