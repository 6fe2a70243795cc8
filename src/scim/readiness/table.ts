import { ENTRA_READINESS } from '../profiles/entra';
import { OKTA_READINESS } from '../profiles/okta';
import type { IdpProfile } from '../records/schemas';
import type { Criterion } from '../profiles/criterion';

/** The IdP profiles a readiness run can answer for, each with the criteria its module declares. */
export const READINESS = { entra: ENTRA_READINESS, okta: OKTA_READINESS } satisfies Record<IdpProfile, readonly Criterion[]>;

export type { IdpProfile };
