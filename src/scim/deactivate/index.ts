import type { ProfileName } from '../schemas';
import { entraDeactivate } from './entra';
import { oktaDeactivate } from './okta';
import type { PatchRequest } from './patch-request';
import { rfc7644Deactivate } from './rfc7644';

export type { PatchRequest } from './patch-request';

/** The PATCH body that deactivates a user, in the dialect of each profile. */
export const DEACTIVATE_BODIES: Record<ProfileName, PatchRequest> = {
  basic: rfc7644Deactivate,
  full: rfc7644Deactivate,
  entra: entraDeactivate,
  okta: oktaDeactivate,
};
