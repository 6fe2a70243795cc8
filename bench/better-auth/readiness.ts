import { runReadiness, type ReadinessVerdict } from '../../src/scim/readiness/run.ts';
import type { IdpProfile } from '../../src/scim/profiles/names.ts';
import { SEED, TOKEN } from './batch.ts';
import { startBetterAuth } from './server.ts';

// The readiness run (issue 48) against Better Auth: the element's runReadiness, as the CLI's
// `scim-generator ready` runs it, once per IdP profile on a fresh Better Auth of its own, and a GET
// afterwards of every resource the run made (it should answer 404: the run leaves nothing behind).

export interface ReadinessRun {
  profile: IdpProfile;
  entraSwitch: boolean;
  verdict: ReadinessVerdict;
  ms: number;
  /** What a GET of each resource the run's creates made answered afterwards, by its URL. */
  afterwards: { url: string; status: number }[];
}

export async function readinessRun(profile: IdpProfile, acceptEntraGroupSchema: boolean): Promise<ReadinessRun> {
  const server = await startBetterAuth({ connections: [{ id: profile, token: TOKEN }], acceptEntraGroupSchema });
  try {
    const started = performance.now();
    const verdict = await runReadiness({ baseUrl: server.baseUrl, profile, apiKey: TOKEN, seed: SEED });
    const ms = performance.now() - started;
    const made = verdict.calls.filter(({ purpose, status, id }) => purpose === 'create' && status === 201 && id).map(({ request, id }) => `${request.url}/${id}`);
    const afterwards = [];
    for (const url of made) afterwards.push({ url, status: (await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } })).status });
    return { profile, entraSwitch: acceptEntraGroupSchema, verdict, ms, afterwards };
  } finally {
    await server.close();
  }
}
