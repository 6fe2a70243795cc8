import { IDP_NAMES, type IdpProfile } from './idp-names';
import { PROFILE_MODULES } from './index';
import type { Profile } from './profile';

// What the page needs of the registry (./index.ts) before the profiles load: the names, and which
// of them are an IdP's (those whose module declares `idp`, with its readiness criteria; how a
// verdict names each is in idp-names.ts, which only lazy chunks read). Derived here; the element's
// build inlines these values so that its chunk carries the names, not the modules
// (build/profile-names.ts). Each is inferred from a call, so that its declared type is the names
// themselves, not the modules' types (the public .d.ts).

const namesOf = <Modules extends Record<string, Profile>>(modules: Modules) => Object.keys(modules) as readonly (keyof Modules & string)[];

/** The `profile` attribute's values, in the registry's order. */
export const PROFILES = namesOf(PROFILE_MODULES);
export type ProfileName = (typeof PROFILES)[number];

export type { IdpProfile };

export const IDP_PROFILES = Object.keys(IDP_NAMES) as readonly IdpProfile[];
