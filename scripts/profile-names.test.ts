// @vitest-environment node
import { resolve } from 'node:path';
import type { ResolvedConfig } from 'vite';
import { expect, it } from 'vitest';
import { profileNames } from '../build/profile-names';
import { PROFILE_MODULES } from '../src/scim/profiles';
import * as names from '../src/scim/profiles/names';

// Issue 51: a profile is its module and its line in the registry. The element's chunk gets the
// registry's names as data from build/profile-names.ts: what it gives is what names.ts derives from
// the registry, and nothing of the profiles' modules.

it('gives the bundles names.ts as data: the registry\'s names, its IdP profiles and their names, no module code', async () => {
  const plugin = profileNames();
  const root = resolve(import.meta.dirname, '..');
  (plugin.configResolved as (config: Pick<ResolvedConfig, 'root'>) => void)({ root });
  const load = plugin.load as (id: string) => Promise<string | null>;
  expect(await load(resolve(root, 'src/scim/profiles/index.ts'))).toBeNull();
  const text = (await load(resolve(root, 'src/scim/profiles/names.ts'))) ?? '';
  expect(text.split('\n').every((line) => /^export const \w+ = [[{"].*;$/.test(line))).toBe(true);
  const given = (await import(`data:text/javascript,${encodeURIComponent(text)}`)) as Record<string, unknown>;
  expect({ ...given }).toEqual({ ...names });
  expect(given.PROFILES).toEqual(Object.keys(PROFILE_MODULES));
  expect(given.IDP_PROFILES).toEqual(Object.entries(PROFILE_MODULES).filter(([, module]) => 'idp' in module).map(([name]) => name));
});
