import type { ProfileName } from '../schemas';
import { basic } from './basic';
import { entra } from './entra';
import { full } from './full';
import { okta } from './okta';
import type { Profile } from './profile';

export type { Profile } from './profile';

/** Each profile's records, one module of data and rules per profile (faker's one module per domain). */
export const PROFILE_MODULES: Record<ProfileName, Profile> = { basic, full, entra, okta };
