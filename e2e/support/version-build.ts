import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** The global the next version's element chunk sets, so a page shows which version ran. */
export const VERSION_MARK = 'scimGeneratorVersionMark';

/** Appends `globalThis[VERSION_MARK] = mark` to the element's entry: a constant that differs between versions. */
function markElementChunk(mark: string): Plugin {
  return {
    name: 'test:mark-element-chunk',
    transform: (code, id) => (id.endsWith('/src/entries/define.ts') ? `${code}\nglobalThis[${JSON.stringify(VERSION_MARK)}] = ${JSON.stringify(mark)};\n` : null),
  };
}

/**
 * Builds the ES loader, the define entry and the element's chunks, as `npm run build` does, into `outDir`, with the
 * element chunk marked `mark`: "the next version" for a test of an upgrade.
 */
export async function buildMarkedVersion(outDir: string, mark: string): Promise<void> {
  // In this worker a spec may have started Vite's dev server, which sets NODE_ENV to development:
  // the build would then use React's development JSX runtime, which the production React lacks.
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const mode of ['element', 'production', 'define']) {
      await build({ root: repoRoot, mode, logLevel: 'error', plugins: [markElementChunk(mark)], build: { outDir, emptyOutDir: mode === 'element' } });
    }
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}
