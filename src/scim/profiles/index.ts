import type { ProfileName } from '../records/schemas';
import { basic } from './basic';
import { entra } from './entra';
import { full } from './full';
import { okta } from './okta';
import { oktaAiw } from './okta-aiw';
import { onelogin } from './onelogin';
import { ping } from './ping';
import { authentik } from './authentik';
import type { Profile } from './profile';

export type { Profile } from './profile';

/**
 * Every profile, one module each (faker's one module per domain). `satisfies` ties this list to
 * the names the `profile` attribute accepts (PROFILES, which the page needs before the profiles
 * load): a module without a name, or a name without a module, does not compile.
 */
export const PROFILE_MODULES = { basic, full, entra, okta, 'okta-aiw': oktaAiw, onelogin, ping, authentik } satisfies Record<ProfileName, Profile>;
