import { authentik } from './authentik';
import { basic } from './basic';
import { entra } from './entra';
import { full } from './full';
import { okta } from './okta';
import { oktaAiw } from './okta-aiw';
import { onelogin } from './onelogin';
import { ping } from './ping';
import type { Profile } from './profile';

export type { Profile } from './profile';

/**
 * The registry: every profile, one module each (faker's one module per domain), under the name the
 * `profile` attribute takes, in the order the docs and the manifest list them. A new profile is its
 * module and its line here: the attribute's values, the IdPs a readiness run answers for (a module
 * with `idp`) and their names derive from this map (names.ts), and every test that runs each profile
 * reads them.
 */
export const PROFILE_MODULES = { basic, full, entra, okta, 'okta-aiw': oktaAiw, onelogin, ping, authentik } satisfies Record<string, Profile>;
