import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export interface BuiltApp {
  /** The folder holding index.html and its assets. */
  dir: string;
  remove(): Promise<void>;
}

const built = (file: string) => fileURLToPath(new URL(`../../dist/${file}`, import.meta.url));

/**
 * Bundles the app in `appDir` (an index.html with its modules) with Vite's defaults, as an app
 * that installed the package would be bundled: `scim-generator` and `scim-generator/define` resolve to the built ES modules.
 * `base` is the path the app will be served under.
 */
export async function buildAppWithBuiltElement(appDir: string, base: string): Promise<BuiltApp> {
  const dir = await mkdtemp(join(tmpdir(), 'scim-generator-app-'));
  await build({
    configFile: false,
    root: appDir,
    base,
    logLevel: 'warn',
    cacheDir: join(dir, '.vite-cache'),
    resolve: {
      alias: [
        { find: /^scim-generator$/, replacement: built('scim-generator.js') },
        { find: /^scim-generator\/define$/, replacement: built('scim-generator-define.js') },
      ],
    },
    build: { outDir: join(dir, 'app'), emptyOutDir: true, reportCompressedSize: false },
  });
  return { dir: join(dir, 'app'), remove: () => rm(dir, { recursive: true, force: true }) };
}
