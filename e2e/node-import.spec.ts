import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import ts from 'typescript';
import { test, expect } from './support/site-test';
import { createPackedSite, runNode } from './support/packed-site';

// Server rendering and static builds import the package in Node, where there is no DOM. Node's
// `node` export condition gives them dist/server.js: the same exports, no element.
const appFixture = fileURLToPath(new URL('./fixtures/node-app/', import.meta.url));
const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const runNpmPackDryRun = () => promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repoRoot });

interface NodeImport {
  resolved: string;
  defineResolved: string;
  exports: Record<string, unknown>;
  newGlobals: string[];
  construction: string;
  hook: string;
}

async function importInNode(cwd: string): Promise<NodeImport> {
  const script = await readFile(`${appFixture}import-package.mjs`, 'utf8');
  return JSON.parse(await runNode(['--input-type=module', '--eval', script], cwd)) as NodeImport;
}

/** The values the package's types promise (dist/scim-generator.d.ts). */
function typedValueExports(): string[] {
  const typesFile = `${repoRoot}dist/scim-generator.d.ts`;
  // Only this file's own export list is read: no libraries, no imports.
  const program = ts.createProgram([typesFile], { noEmit: true, noLib: true, noResolve: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(typesFile);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${typesFile} is not a module`);
  return checker
    .getExportsOfModule(moduleSymbol)
    .filter((symbol) => symbol.flags & ts.SymbolFlags.Value)
    .map((symbol) => symbol.name);
}

/** The browser entry's typed exports as the Node script reports them (functions as `'function'`). */
async function browserExports(page: Page, siteUrl: string): Promise<Record<string, unknown>> {
  await page.goto(`${siteUrl}esm.html`);
  return page.evaluate(async (names) => {
    const entry = (await import('/dist/scim-generator.js' as string)) as Record<string, unknown>;
    return Object.fromEntries(names.map((name) => [name, typeof entry[name] === 'function' ? 'function' : entry[name]]));
  }, typedValueExports());
}

function expectServerSafe(found: NodeImport, inBrowser: Record<string, unknown>): void {
  expect(found.resolved).toMatch(/\/dist\/server\.js$/);
  expect(found.defineResolved).toMatch(/\/dist\/server\.js$/);
  expect(found.exports).toEqual(inBrowser);
  expect(found.newGlobals).toEqual([]);
  expect(found.construction).toMatch(/runs in a browser only/);
  expect(found.hook).toBe('function');
}

test('the built package imported in Node defines nothing, throws nothing and exports what the browser entry does', async ({
  page,
  site,
}) => {
  // From the repository itself, `scim-generator` resolves through package.json "exports" to dist/.
  const found = await importInNode(repoRoot);

  expectServerSafe(found, await browserExports(page, site.url));
});

test('the packed tarball, installed in a Node app, imports with no DOM', async ({ page, site }) => {
  const app = await createPackedSite(appFixture);
  try {
    const found = await importInNode(app.dir);

    expect(found.resolved).toContain('/node_modules/scim-generator/');
    expectServerSafe(found, await browserExports(page, site.url));
  } finally {
    await app.remove();
  }
});

test('the tarball holds exactly the files a user needs: no source maps', async () => {
  const { stdout } = await runNpmPackDryRun();
  const [packed] = JSON.parse(stdout) as { files: { path: string }[] }[];
  const files = (packed?.files ?? []).map(({ path }) => path).sort();
  // The hashed chunks are whatever the build split off; each is a script, never a map.
  const hashed = files.filter((path) => /^dist\/(chunks|shared)\/[\w-]+-[\w-]{8}\.js$/.test(path));
  expect(files.filter((path) => !hashed.includes(path))).toEqual(
    [
      'LICENSE',
      'README.md',
      'custom-elements.json',
      'dist/cli.js',
      'dist/react.d.ts',
      'dist/react.js',
      'dist/scim-generator-define.js',
      'dist/scim-generator.d.ts',
      'dist/scim-generator.iife.js',
      'dist/scim-generator.js',
      'dist/server.js',
      'package.json',
    ].sort(),
  );
  expect(hashed.map((path) => path.replace(/-[\w-]{8}\.js$/, ''))).toEqual(expect.arrayContaining(['dist/chunks/scim-generator-element', 'dist/chunks/runtime', 'dist/chunks/views']));
});
