// Writes dist/scim-generator.d.ts, the types of the ES module, and dist/react.d.ts, those of
// `scim-generator/react`: tsc declares every source file, then dts-bundle-generator keeps what
// each entry exports (the main one with its global and React JSX declarations) in one file, so
// no relative import needs Node's resolution rules to work. dist/server.js shares the main types.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import dtsBundleGenerator from 'dts-bundle-generator';

const PROJECT = 'tsconfig.build.json';
const DECLARATIONS = 'dist/declarations';
const OUTPUTS = [
  { entry: 'index', output: 'dist/scim-generator.d.ts', inlineDeclareGlobals: true },
  { entry: 'react', output: 'dist/react.d.ts', inlineDeclareGlobals: false },
];

try {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', PROJECT], { stdio: 'inherit' });
  for (const { entry, output, inlineDeclareGlobals } of OUTPUTS) {
    const [bundle] = dtsBundleGenerator.generateDtsBundle(
      [
        {
          filePath: `${DECLARATIONS}/entries/${entry}.d.ts`,
          output: { inlineDeclareGlobals, inlineDeclareExternals: inlineDeclareGlobals, exportReferencedTypes: false, noBanner: true },
        },
      ],
      { preferredConfigPath: PROJECT },
    );
    writeFileSync(output, bundle);
  }
} finally {
  rmSync(DECLARATIONS, { recursive: true, force: true });
}
