// @vitest-environment node
import { resolve } from 'node:path';
import type { ResolvedConfig } from 'vite';
import { expect, it } from 'vitest';
import { profileNames } from '../build/profile-names';
import { PROFILE_MODULES } from '../src/scim/profiles';
import * as idpNames from '../src/scim/profiles/idp-names';
import * as names from '../src/scim/profiles/names';

// Issue 51: a profile is its module and its line in the registry. The element's chunk gets the
// registry's names as data from build/profile-names.ts (and the lazy chunks the IdPs' names): what
// it gives is what names.ts and idp-names.ts derive from the registry, and nothing of the profiles'
// modules.

async function given(file: string): Promise<Record<string, unknown>> {
  const plugin = profileNames();
  const root = resolve(import.meta.dirname, '..');
  (plugin.configResolved as (config: Pick<ResolvedConfig, 'root'>) => void)({ root });
  const load = plugin.load as (id: string) => Promise<string | null>;
  expect(await load(resolve(root, 'src/scim/profiles/index.ts'))).toBeNull();
  const text = (await load(resolve(root, file))) ?? '';
  expect(text.split('\n').every((line) => /^export const \w+ = [[{"].*;$/.test(line))).toBe(true);
  return { ...((await import(`data:text/javascript,${encodeURIComponent(text)}`)) as Record<string, unknown>) };
}

const idpModules = () => Object.entries(PROFILE_MODULES).filter(([, module]) => 'idp' in module);

it('gives the bundles names.ts as data: the registry\'s names and its IdP profiles, no module code', async () => {
  const asData = await given('src/scim/profiles/names.ts');
  expect(asData).toEqual({ ...names });
  expect(asData.PROFILES).toEqual(Object.keys(PROFILE_MODULES));
  expect(asData.IDP_PROFILES).toEqual(idpModules().map(([name]) => name));
});

it('gives the bundles idp-names.ts as data: each IdP profile\'s name for its verdicts', async () => {
  const asData = await given('src/scim/profiles/idp-names.ts');
  expect(asData).toEqual({ ...idpNames });
  expect(asData.IDP_NAMES).toEqual(Object.fromEntries(idpModules().map(([name, module]) => [name, (module as { idp: { name: string } }).idp.name])));
});
