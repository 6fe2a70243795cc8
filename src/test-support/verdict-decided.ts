import type { ReadinessVerdict } from '../scim/readiness/run';

/** What decides a readiness verdict, without the calls (their ids and names differ from run to run). */
export const decided = ({ profile, ready, blockers, warnings, undecided }: ReadinessVerdict) => ({
  profile,
  ready,
  blockers: blockers.map(({ criterion }) => criterion),
  warnings: warnings.map(({ criterion }) => criterion),
  undecided: undecided.map(({ criterion }) => criterion),
});
