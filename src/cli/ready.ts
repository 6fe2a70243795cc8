import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { readinessJunit } from '../scim/readiness/junit';
import { idpProfiles, IDP_NAMES } from '../scim/readiness/names';
import { readinessJson, verdictLine } from '../scim/readiness/report';
import { runReadiness, type ReadinessVerdict } from '../scim/readiness/run';
import { IDP_PROFILES, type IdpProfile } from '../scim/profiles/names';
import { parseEmailDomain } from '../scim/records/email-domain';
import { BadInput, httpBaseUrl, type Io } from './io';

/** The verdict table: a line per IdP, then its blockers, warnings and undecided criteria, one a line. */
export function verdictTable(verdicts: readonly ReadinessVerdict[]): string {
  return verdicts
    .flatMap((verdict) => [
      `${verdict.ready ? 'READY  ' : 'BLOCKED'}  ${verdictLine(verdict)}`,
      ...verdict.blockers.map(({ criterion, answered }) => `  blocker  ${criterion}: ${answered}`),
      ...verdict.warnings.map(({ criterion, answered }) => `  warning  ${criterion}: ${answered}`),
      ...verdict.undecided.map(({ criterion, why }) => `  undecided  ${criterion}: ${why}`),
      ...(verdict.leftBehind.length > 0 ? [`  left behind  ${verdict.leftBehind.join(', ')}`] : []),
    ])
    .join('\n');
}

/** A fetch that writes one line per call to stderr: method, path and status, never a header (the key is in one). */
const loggingFetch = (io: Io, profile: IdpProfile): typeof fetch => async (input, init) => {
  const request = new Request(input, init);
  const response = await fetch(request);
  io.stderr(`${IDP_NAMES[profile]}: ${request.method} ${new URL(request.url).pathname} ${response.status}\n`);
  return response;
};

/** `scim-generator ready <base-url> [--idp entra,okta] [--email-domain DOMAIN] [--json FILE] [--junit FILE] [--verbose]`: exit 0 all ready, 1 any blocker. */
export async function ready(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { idp: { type: 'string', default: IDP_PROFILES.join(',') }, 'email-domain': { type: 'string' }, json: { type: 'string' }, junit: { type: 'string' }, verbose: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new BadInput('ready takes one base URL, e.g. scim-generator ready https://example.com/scim/v2');
  const baseUrl = httpBaseUrl(positionals[0] as string);
  const chosen = idpProfiles(values.idp.split(',').map((name) => name.trim()));
  if ('message' in chosen) throw new BadInput(chosen.message.replace('Invalid readiness', 'Invalid --idp'));
  const domain = values['email-domain'] === undefined ? undefined : parseEmailDomain(values['email-domain']);
  if (domain && 'problem' in domain) throw new BadInput(`Invalid --email-domain: ${domain.problem}`);
  const apiKey = io.env.SCIM_TOKEN || null;
  const verdicts: ReadinessVerdict[] = [];
  for (const profile of chosen.profiles) {
    if (values.verbose) io.stderr(`${IDP_NAMES[profile]}: readiness run against ${baseUrl}\n`);
    verdicts.push(await runReadiness({ baseUrl, profile, apiKey, emailDomain: domain?.domain, ...(values.verbose ? { fetch: loggingFetch(io, profile) } : {}) }));
  }
  io.stdout(`${verdictTable(verdicts)}\n`);
  if (values.json) await writeFile(values.json, readinessJson(verdicts));
  if (values.junit) await writeFile(values.junit, readinessJunit(verdicts));
  return verdicts.every(({ ready }) => ready) ? 0 : 1;
}
