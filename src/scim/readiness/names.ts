import { IDP_PROFILES, type IdpProfile } from '../profiles/names';

export { IDP_NAMES } from '../profiles/idp-names';

/** The `readiness` attribute's names as IdP profiles, each once in the order given, or the message that says which is wrong. */
export function idpProfiles(names: readonly string[]): { profiles: IdpProfile[] } | { message: string } {
  const wrong = names.find((name) => !(IDP_PROFILES as readonly string[]).includes(name));
  if (wrong !== undefined) return { message: `Invalid readiness: "${wrong}" is not ${IDP_PROFILES.slice(0, -1).join(', ')} or ${IDP_PROFILES.at(-1)}` };
  return { profiles: [...new Set(names as IdpProfile[])] };
}
