import { PROFILE_MODULES } from './index';
import type { IdpProfileModule } from './profile';

// What the page needs of the registry (./index.ts) before the profiles load: the names, which of
// them are an IdP's (those whose module declares `idp`, with its readiness criteria), and how a
// verdict names each IdP. Derived here; the element's build inlines these values so that its chunk
// carries the names, not the modules (build/profile-names.ts).

type Modules = typeof PROFILE_MODULES;
export type ProfileName = keyof Modules;
/** The profiles of an IdP: those whose readiness a run can answer (the `readiness` attribute's names). */
export type IdpProfile = { [Name in ProfileName]: Modules[Name] extends IdpProfileModule ? Name : never }[ProfileName];

/** The `profile` attribute's values, in the registry's order. */
export const PROFILES = Object.keys(PROFILE_MODULES) as readonly ProfileName[];

/** How a verdict names each IdP, by its profile. */
export const IDP_NAMES = Object.fromEntries(
  Object.entries(PROFILE_MODULES).flatMap(([name, module]) => ('idp' in module ? [[name, module.idp.name]] : [])),
) as Readonly<Record<IdpProfile, string>>;

export const IDP_PROFILES = Object.keys(IDP_NAMES) as readonly IdpProfile[];
