import { IDP_PROFILES, PROFILES } from '../../src/scim/profiles/names.ts';
import { runActions, type ProfileRun } from './actions.ts';
import { checkProfile, type CheckRun } from './checks.ts';
import { readinessRun, type ReadinessRun } from './readiness.ts';
import { writeReport } from './report.ts';

// Wires the bench together: the actions run (actions.ts) and Check (checks.ts) in every profile, the
// readiness run (readiness.ts) for every IdP profile, then the write-up (report.ts, with findings.ts)
// into docs/better-auth.md.

export async function main(): Promise<void> {
  const runs: ProfileRun[] = [];
  const checks: CheckRun[] = [];
  for (const profile of PROFILES) {
    console.log(`Better Auth: ${profile}…`);
    runs.push(await runActions(profile, false));
    checks.push(await checkProfile(profile, false));
  }
  // Entra once more with the plugin's documented Entra compatibility switch, which lets Entra's
  // groups be created at all, so that its group actions and checks have something to act on.
  console.log('Better Auth: entra, with compatibility.microsoftEntra.acceptLegacyGroupSchema…');
  runs.push(await runActions('entra', true));
  checks.push(await checkProfile('entra', true));
  const readiness: ReadinessRun[] = [];
  for (const profile of IDP_PROFILES) {
    console.log(`Better Auth: readiness for ${profile}…`);
    readiness.push(await readinessRun(profile, false));
  }
  console.log('Better Auth: readiness for entra, with the Entra switch…');
  readiness.push(await readinessRun('entra', true));
  const written = await writeReport(runs, checks, readiness);
  console.log(`Wrote ${written}.`);
}
