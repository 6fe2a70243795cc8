import { defineConfig } from 'vitest/config';
import { fakerEnSubsetPlugin } from './build/faker-en-subset.ts';

// `vite build` writes the ES module (faker in a lazily loaded chunk); `vite build --mode iife`
// writes the classic script, which cannot code-split and so holds everything; `vite build --mode
// server-safe` writes the two small modules a server may import: dist/server.js (what Node's
// `node` export condition loads: no element) and dist/react.js (the hook, on the app's own React).
const SERVER_SAFE_ENTRIES = { server: 'src/server.ts', react: 'src/react.ts' };

export default defineConfig(({ mode }) => ({
  plugins: [fakerEnSubsetPlugin()],
  // Library mode leaves this to the host bundler; our bundles carry React, so set it here.
  define: mode === 'test' ? {} : { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    target: 'es2022',
    emptyOutDir: mode !== 'iife' && mode !== 'server-safe',
    sourcemap: true,
    lib:
      mode === 'server-safe'
        ? { entry: SERVER_SAFE_ENTRIES, formats: ['es'], fileName: (_format, entry) => `${entry}.js` }
        : {
            entry: 'src/index.ts',
            name: 'ScimGenerator',
            formats: mode === 'iife' ? ['iife'] : ['es'],
            fileName: (format) => (format === 'iife' ? 'scim-generator.iife.js' : 'scim-generator.js'),
          },
    rolldownOptions: {
      external: mode === 'server-safe' ? ['react'] : [],
      // Lets the modules the entry and the lazy chunk share live in the entry (the chunk imports
      // them from it) instead of in a third file the page must fetch before the button shows.
      preserveEntrySignatures: 'allow-extension',
      // charset ascii: host pages often serve scripts without a charset; escaped text survives that.
      output: {
        chunkFileNames: mode === 'server-safe' ? 'shared/[name]-[hash].js' : 'chunks/[name]-[hash].js',
        minify: true,
        charset: 'ascii',
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'demo/**/*.test.{ts,tsx}'],
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
}));
