import { IDP_PROFILES, type IdpProfile } from '../records/schemas';

/** How a verdict names each IdP (here, not beside IDP_PROFILES, so that the element's chunk does not carry it). */
export const IDP_NAMES = { entra: 'Entra', okta: 'Okta' } satisfies Record<IdpProfile, string>;

/** The `readiness` attribute's names as IdP profiles, each once in the order given, or the message that says which is wrong. */
export function idpProfiles(names: readonly string[]): { profiles: IdpProfile[] } | { message: string } {
  const wrong = names.find((name) => !(IDP_PROFILES as readonly string[]).includes(name));
  if (wrong !== undefined) return { message: `Invalid readiness: "${wrong}" is not ${IDP_PROFILES.slice(0, -1).join(', ')} or ${IDP_PROFILES.at(-1)}` };
  return { profiles: [...new Set(names as IdpProfile[])] };
}
