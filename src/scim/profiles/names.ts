import { PROFILE_MODULES } from './index';
import type { IdpProfileModule, Profile } from './profile';

// What the page needs of the registry (./index.ts) before the profiles load: the names, which of
// them are an IdP's (those whose module declares `idp`, with its readiness criteria), and how a
// verdict names each IdP. Derived here; the element's build inlines these values so that its chunk
// carries the names, not the modules (build/profile-names.ts). Each is inferred from a call, so
// that its declared type is the names themselves, not the modules' types (the public .d.ts).

const namesOf = <Modules extends Record<string, Profile>>(modules: Modules) => Object.keys(modules) as readonly (keyof Modules & string)[];

const idpNamesOf = <Modules extends Record<string, Profile>>(modules: Modules) =>
  Object.fromEntries(Object.entries(modules).flatMap(([name, module]) => ('idp' in module ? [[name, (module as IdpProfileModule).idp.name]] : []))) as {
    readonly [Name in keyof Modules as Modules[Name] extends IdpProfileModule ? Name : never]: string;
  };

/** The `profile` attribute's values, in the registry's order. */
export const PROFILES = namesOf(PROFILE_MODULES);
export type ProfileName = (typeof PROFILES)[number];

/** How a verdict names each IdP, by its profile. */
export const IDP_NAMES = idpNamesOf(PROFILE_MODULES);
/** The profiles of an IdP: those whose readiness a run can answer (the `readiness` attribute's names). */
export type IdpProfile = keyof typeof IDP_NAMES;

export const IDP_PROFILES = Object.keys(IDP_NAMES) as readonly IdpProfile[];
