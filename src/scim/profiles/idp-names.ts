import { PROFILE_MODULES } from './index';
import type { IdpProfileModule, Profile } from './profile';

// How a verdict names each IdP, by its profile: those whose module declares `idp`. A module apart
// from names.ts, which the element's chunk reads before the button: only the lazy chunks (the
// readiness view, the reports) name the IdPs, so the map travels with them. The bundles take it as
// data too (build/profile-names.ts).

const idpNamesOf = <Modules extends Record<string, Profile>>(modules: Modules) =>
  Object.fromEntries(Object.entries(modules).flatMap(([name, module]) => ('idp' in module ? [[name, (module as IdpProfileModule).idp.name]] : []))) as {
    readonly [Name in keyof Modules as Modules[Name] extends IdpProfileModule ? Name : never]: string;
  };

/** How a verdict names each IdP, by its profile. */
export const IDP_NAMES = idpNamesOf(PROFILE_MODULES);
/** The profiles of an IdP: those whose readiness a run can answer (the `readiness` attribute's names). */
export type IdpProfile = keyof typeof IDP_NAMES;
