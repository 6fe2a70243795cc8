import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { runnerImport, type Plugin } from 'vite';

/**
 * The modules the bundles read the profiles' names from (names.ts the element's chunk, idp-names.ts
 * the lazy chunks); in source they derive them from the registry.
 */
const NAMES_MODULES = ['src/scim/profiles/names.ts', 'src/scim/profiles/idp-names.ts'];

/**
 * The element checks its `profile` and `readiness` attributes before any profile loads, so its
 * chunk needs the profiles' names but must not carry their modules. In source, names.ts and
 * idp-names.ts derive the names from the registry (src/scim/profiles/index.ts), which imports every
 * module; for the bundles, this plugin evaluates each in Node (Vite's module runner) and gives the
 * bundler its values as literals in its place. The names stay derived from the one registry, and
 * the profile modules stay in the lazy chunks that use them. Each export is data (JSON), which this
 * checks.
 */
export function profileNames(): Plugin {
  let files: string[] = [];
  return {
    name: 'scim-generator:profile-names',
    apply: 'build',
    configResolved: (config) => void (files = NAMES_MODULES.map((module) => resolve(config.root, module))),
    async load(id) {
      if (!files.includes(id)) return null;
      // Vite's module runner, not an import of this file's: the config stays free of src/.
      const { module } = await runnerImport<Record<string, unknown>>(id, { configFile: false, logLevel: 'error' });
      const values: Record<string, unknown> = { ...module };
      return Object.entries(values)
        .map(([name, value]) => {
          const json = JSON.stringify(value) as string | undefined;
          if (json === undefined || !isDeepStrictEqual(JSON.parse(json), value)) throw new Error(`${id}: ${name} is not data`);
          return `export const ${name} = ${json};`;
        })
        .join('\n');
    },
  };
}
