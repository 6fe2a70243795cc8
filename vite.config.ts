import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { ELEMENT_CHUNK_FILE_NAME, builtElementChunk } from './build/element-chunk.ts';
import { profileNames } from './build/profile-names.ts';
import { reactExports } from './build/react-exports.ts';
import { DATABASE_ENV, IN_MEMORY_DATABASE } from './demo/sandbox/config.ts';

// `vite build --mode element` writes the element's chunk (dist/chunks/scim-generator-element-[hash].js,
// with React) and its own lazy chunks; `vite build` then the ES entry, a loader of a few kB that defines
// nothing until the tag is on the page and imports that chunk by its hashed name; `vite build --mode
// define` the entry for a page sure to hold the element (dist/scim-generator-define.js), which imports
// that chunk statically, so that a bundler or a preload hint fetches it with the page; `vite build
// --mode iife` the classic script, which cannot code-split and so holds everything and defines the
// element at once; `vite build --mode server-safe` the two small modules a server may import:
// dist/server.js (what Node's `node` export condition loads: no element) and dist/react.js (the hook, on
// the app's own React).
const SERVER_SAFE_ENTRIES = { server: 'src/entries/server.ts', react: 'src/entries/react.ts' };

/** The modules whose `./define` is the element's chunk: the loader's autoload, and the define entry. */
const ELEMENT_IMPORTERS = ['/src/entries/autoload.ts', '/src/entries/eager.ts'];

/**
 * The loader's `import('./define')`, and the define entry's static import of it, become imports of the
 * element's chunk, built apart: so no chunk imports the entry back, and the entry works under any
 * name, path or query string (its chunks resolve against its URL, whatever that is). A bundler that
 * takes the package follows the plain relative import as it would any other.
 */
function elementChunkExternal(): Plugin {
  let outDir = '';
  return {
    name: 'scim-generator:element-chunk-external',
    enforce: 'pre',
    configResolved: (config) => void (outDir = resolve(config.root, config.build.outDir)),
    resolveId: (source, importer) =>
      source === './define' && ELEMENT_IMPORTERS.some((file) => importer?.endsWith(file)) ? { id: `./${builtElementChunk(outDir)}`, external: true } : null,
  };
}

const LIBRARIES = {
  es: { entry: 'src/entries/index.ts', formats: ['es' as const], fileName: () => 'scim-generator.js' },
  element: { entry: 'src/entries/define.ts', formats: ['es' as const], fileName: () => ELEMENT_CHUNK_FILE_NAME },
  define: { entry: 'src/entries/eager.ts', formats: ['es' as const], fileName: () => 'scim-generator-define.js' },
  iife: { entry: 'src/entries/iife.ts', name: 'ScimGenerator', formats: ['iife' as const], fileName: () => 'scim-generator.iife.js' },
  'server-safe': { entry: SERVER_SAFE_ENTRIES, formats: ['es' as const], fileName: (_format: string, entry: string) => `${entry}.js` },
};

/**
 * `vite build --mode cli`: the package's bin, dist/cli.js, for Node: the readiness engine and the relay,
 * everything bundled (the package has no dependencies), Node's built-ins left to Node.
 */
const CLI_BUILD = {
  target: 'node20',
  ssr: 'src/cli/cli.ts',
  emptyOutDir: false,
  sourcemap: false,
  rolldownOptions: { output: { entryFileNames: 'cli.js', banner: '#!/usr/bin/env node', minify: true, comments: false } },
};

export default defineConfig(({ mode }) => ({
  ...(mode === 'cli' ? { ssr: { noExternal: true } } : {}),
  // The element's chunk and the IIFE carry React: without the exports nothing reads (build/react-exports.ts).
  // Every bundle takes the profiles' names as data, not through the registry's modules (build/profile-names.ts).
  plugins: [profileNames(), ...(mode === 'production' || mode === 'define' ? [elementChunkExternal()] : mode === 'element' || mode === 'iife' ? [reactExports()] : [])],
  // Library mode leaves this to the host bundler; our bundles carry React, so set it here.
  define: mode === 'test' ? {} : { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: mode === 'cli' ? CLI_BUILD : {
    target: 'es2022',
    // The first of the builds (npm run build) empties dist/.
    emptyOutDir: mode === 'element',
    sourcemap: true,
    lib: LIBRARIES[mode as keyof typeof LIBRARIES] ?? LIBRARIES.es,
    rolldownOptions: {
      external: mode === 'server-safe' ? ['react'] : [],
      // Lets the modules the element's chunk and its lazy chunks share live in the element's chunk
      // (they import them from it) instead of in a third file the page must fetch before the button.
      preserveEntrySignatures: 'allow-extension',
      // charset ascii: host pages often serve scripts without a charset; escaped text survives that.
      // No comments: the minifier keeps `/* @__PURE__ */` marks otherwise, some 100 B gzip of the
      // element's chunk, and a bundler taking these files has nothing left to drop by them.
      output: {
        chunkFileNames: mode === 'server-safe' ? 'shared/[name]-[hash].js' : 'chunks/[name]-[hash].js',
        minify: true,
        charset: 'ascii',
        comments: false,
      },
    },
  },
  test: {
    environment: 'happy-dom',
    // examples/markdown's tests are a suite of their own (npm run test:sanitizers): their packages are installed on demand.
    include: ['src/**/*.test.{ts,tsx}', 'test/docs/*.test.ts', 'demo/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // Every sandbox a test starts, in this process or a child, keeps its data in memory only.
    env: { [DATABASE_ENV]: IN_MEMORY_DATABASE },
    // Vitest's default, one worker fewer than the cores, is a single worker on a 2-core machine; many
    // files wait on child processes, sockets and timers, and two workers finish in about two thirds
    // of the time there (165 s against 242 s, measured on this repository's CI machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Generous, so that a machine whose cores are busy with other work slows the suite but never
    // fails it: Vitest's defaults (5 s a test, 10 s a hook) timed out in a run beside another job.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
}));
