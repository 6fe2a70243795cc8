import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { runnerImport, type Plugin } from 'vite';

/** The module the element's chunk reads the profiles' names from; in source it derives them from the registry. */
const NAMES_MODULE = 'src/scim/profiles/names.ts';

/**
 * The element checks its `profile` and `readiness` attributes before any profile loads, so its
 * chunk needs the profiles' names but must not carry their modules. In source, names.ts derives the
 * names from the registry (src/scim/profiles/index.ts), which imports every module; for the bundles,
 * this plugin evaluates names.ts in Node (Vite's module runner) and gives the bundler its values as literals in its
 * place. The names stay derived from the one registry, and the profile modules stay in the lazy
 * chunks that use them. Each export of names.ts is data (JSON), which this checks.
 */
export function profileNames(): Plugin {
  let file = '';
  return {
    name: 'scim-generator:profile-names',
    apply: 'build',
    configResolved: (config) => void (file = resolve(config.root, NAMES_MODULE)),
    async load(id) {
      if (id !== file) return null;
      // Vite's module runner, not an import of this file's: the config stays free of src/.
      const { module } = await runnerImport<Record<string, unknown>>(file, { configFile: false, logLevel: 'error' });
      const values: Record<string, unknown> = { ...module };
      return Object.entries(values)
        .map(([name, value]) => {
          const json = JSON.stringify(value) as string | undefined;
          if (json === undefined || !isDeepStrictEqual(JSON.parse(json), value)) throw new Error(`${NAMES_MODULE}: ${name} is not data`);
          return `export const ${name} = ${json};`;
        })
        .join('\n');
    },
  };
}
