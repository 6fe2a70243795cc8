import { PROFILE_MODULES } from '../profiles';
import { IDP_PROFILES, type IdpProfile } from '../profiles/names';
import type { Criterion } from '../profiles/criterion';

/** The IdP profiles a readiness run can answer for, each with the criteria its module declares (`idp.readiness`). */
export const READINESS = Object.fromEntries(IDP_PROFILES.map((profile) => [profile, PROFILE_MODULES[profile].idp.readiness])) as Readonly<Record<IdpProfile, readonly Criterion[]>>;

export type { IdpProfile };
