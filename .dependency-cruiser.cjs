// Import-structure check for src/, demo/, the browser tests (e2e/), the benchmarks (bench/) and
// what those two share (test/support/) (run with `npm run check:imports`).
//
// Layers, bottom to top:
//   src/scim/      SCIM + HTTP only; may use src/public/constants.ts and npm packages. Inside it, by role:
//                  fake/ (faker's data and the fake-data helpers), protocol.ts, records/ (record types),
//                  secrets/ (the key's token, redaction), http/ (the client and URLs), evidence/ (HAR),
//                  then diagnosis/, flows/
//                  (lookups, request sequences), actions/, profiles/, server-schema/, checks/, snippets/
//   src/page/      what the element reads from its page: parsed attributes, the stored key, lazy chunks
//   src/public/    the public tables: attributes, events, parts, constants
//   src/batch/     batch logic; may use scim/ but never the views
//   src/widget/    React views; never import the entries or the element
//   src/element/   the r2wc wrapping
//   src/entries/   the package's entry modules, which nothing else imports
// Beside them, e2e/ and bench/ may import src/, demo/ and test/support/, and never each other.
//
// Test files (*.test.ts, *.test.tsx) and src/test-support/ are excluded from
// the cruise entirely: they may reach across layers to set things up.
//
// Every rule is severity 'error', so depcruise exits non-zero on any violation.

// eslint.config.js gives Node globals to *.{ts,tsx,js,mjs} only, so declare CommonJS's `module` here.
/* global module */

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Circular imports make load order fragile (half-initialised modules, TDZ errors) and ' +
        'defeat code splitting: a lazy chunk that imports its importer back drags the entry into ' +
        'the chunk. Type-only imports count too (tsPreCompilationDeps below): a circle through ' +
        '`import type` still couples the modules and tends to become a runtime circle later. ' +
        'Break it by moving the shared part into a lower module.',
      from: {},
      to: {
        circular: true,
      },
    },
    {
      name: 'scim-is-the-bottom-layer',
      severity: 'error',
      comment:
        'src/scim/ is the bottom layer: SCIM and HTTP only. Besides itself it may import only ' +
        'src/public/constants.ts (plus npm packages, virtual: modules and ../../package.json, which live ' +
        'outside src/). It must not import src/batch/, src/widget/ or any other top-level src file, ' +
        'so it stays usable from the server build and free of UI code.',
      from: {
        path: '^src/scim/',
      },
      to: {
        path: '^src/',
        pathNot: ['^src/scim/', '^src/public/constants[.]ts$'],
      },
    },
    {
      name: 'scim-foundations-look-down',
      severity: 'error',
      comment:
        'The foundations of src/scim/ (fake/, records/, secrets/, http/, evidence/, protocol.ts) are what the ' +
        'profiles, flows, actions, checks and readiness are built on: they must not import those roles. A ' +
        'type-only import is allowed (the call log names the action kinds it records).',
      from: {
        path: '^src/scim/(?:fake|records|secrets|http|evidence)/|^src/scim/protocol[.]ts$',
      },
      to: {
        path: '^src/scim/(?:profiles|flows|actions|checks|snippets|diagnosis|server-schema|readiness)/|^src/scim/generate[.]ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'fake-data-is-data',
      severity: 'error',
      comment:
        'src/scim/fake/ holds faker\'s locale data and the helpers drawing from it: it may import ' +
        'only itself and record types, so any profile, action or check can use it.',
      from: {
        path: '^src/scim/fake/',
      },
      to: {
        path: '^src/',
        pathNot: ['^src/scim/fake/', '^src/scim/records/schemas[.]ts$'],
      },
    },
    {
      name: 'page-and-tables-below-the-views',
      severity: 'error',
      comment:
        'src/page/ and src/public/ are read by the batch layer and the views: they must not import ' +
        'the views, the element or the entries.',
      from: {
        path: '^src/(?:page|public)/',
      },
      to: {
        path: '^src/(?:widget|element|entries)/',
      },
    },
    {
      name: 'entries-are-imported-by-no-one',
      severity: 'error',
      comment:
        'src/entries/ holds the modules the package exports (and the loader\'s tag watching, which ' +
        'only they use): a module elsewhere in src/ that imports one would tie a lazy chunk to an entry.',
      from: {
        path: '^src/',
        pathNot: '^src/entries/',
      },
      to: {
        path: '^src/entries/',
      },
    },
    {
      name: 'batch-not-to-widget',
      severity: 'error',
      comment:
        'src/batch/ sits below the views: the batch layer must not import from src/widget/. ' +
        'Views depend on batch logic, never the other way round.',
      from: {
        path: '^src/batch/',
      },
      to: {
        path: '^src/widget/',
      },
    },
    {
      name: 'widget-not-to-entry',
      severity: 'error',
      comment:
        'src/widget/ must not import the entry modules src/element/element.ts or src/entries/index.ts: ' +
        'no chunk may import the entry back (it would duplicate or inline the entry into the ' +
        'lazy chunk and create a cycle through the custom-element registration).',
      from: {
        path: '^src/widget/',
      },
      to: {
        path: '^src/(?:element|entries)/',
      },
    },
    {
      name: 'sandbox-production-not-to-test-support',
      severity: 'error',
      comment:
        'demo/sandbox/test-support/ holds test helpers (fast-check arbitraries, vitest hooks, an event-loop ' +
        'probe): a production module of the sandbox that imports one would ship test code to a host.',
      from: {
        path: '^demo/sandbox/',
        pathNot: '^demo/sandbox/test-support/',
      },
      to: {
        path: '^demo/sandbox/test-support/',
      },
    },
    {
      name: 'e2e-not-to-bench',
      severity: 'error',
      comment:
        'The browser tests must not import the benchmarks: what both need (servers, certificates, ' +
        'bodies, heap readings) lives in test/support/, which both may import.',
      from: {
        path: '^e2e/',
      },
      to: {
        path: '^bench/',
      },
    },
    {
      name: 'bench-not-to-e2e',
      severity: 'error',
      comment:
        'The benchmarks must not import the browser tests: what both need lives in test/support/, ' +
        'which both may import.',
      from: {
        path: '^bench/',
      },
      to: {
        path: '^e2e/',
      },
    },
    {
      name: 'test-support-not-to-suites',
      severity: 'error',
      comment:
        'test/support/ is what e2e/ and bench/ share: it must import neither, or the arrow between ' +
        'them comes back through it.',
      from: {
        path: '^test/support/',
      },
      to: {
        path: '^(?:e2e|bench)/',
      },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'This import cannot be resolved to a file on disk (typo, or a missing package). The core ' +
        'imports no bundler-only module (no `virtual:`), so that Node can run it as it is. ' +
        'Exceptions: e2e/firefox/ and bench/better-auth/ import packages their folder installs on ' +
        'demand (scripts/ensure-packages.ts), and tsc checks those imports once they are installed.',
      from: {
        pathNot: '^(?:e2e/firefox|bench/better-auth)/',
      },
      to: {
        couldNotResolve: true,
      },
    },
  ],
  options: {
    // Test files and test helpers are not part of the layering, nor are the fixture apps and sites
    // the browser tests build (they import the packed package and their frameworks, as hosts do).
    exclude: {
      path: ['[.]test[.]tsx?$', '^src/test-support/', '^e2e/fixtures/'],
    },

    // Check our own modules only; npm packages are leaves.
    doNotFollow: {
      path: ['node_modules'],
    },

    // Also record dependencies that vanish after compilation (`import type`,
    // `typeof import(...)`), so circles through type-only imports are caught.
    tsPreCompilationDeps: true,

    // Resolve like the TypeScript compiler does (paths, moduleResolution: Bundler).
    tsConfig: {
      fileName: 'tsconfig.json',
    },

    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },

    skipAnalysisNotInRules: true,
  },
};
