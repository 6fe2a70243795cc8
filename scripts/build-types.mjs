// Writes dist/scim-generator.d.ts, the types of the ES module: tsc declares every source file,
// then dts-bundle-generator keeps what src/index.ts exports (with its global and React JSX
// declarations) in one file, so no relative import needs Node's resolution rules to work.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import dtsBundleGenerator from 'dts-bundle-generator';

const PROJECT = 'tsconfig.build.json';
const DECLARATIONS = 'dist/declarations';
const OUTPUT = 'dist/scim-generator.d.ts';

try {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', PROJECT], { stdio: 'inherit' });
  const [bundle] = dtsBundleGenerator.generateDtsBundle(
    [
      {
        filePath: `${DECLARATIONS}/index.d.ts`,
        output: { inlineDeclareGlobals: true, inlineDeclareExternals: true, exportReferencedTypes: false, noBanner: true },
      },
    ],
    { preferredConfigPath: PROJECT },
  );
  writeFileSync(OUTPUT, bundle);
} finally {
  rmSync(DECLARATIONS, { recursive: true, force: true });
}
