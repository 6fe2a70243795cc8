import { fileURLToPath } from 'node:url';
import { useBuiltDocsSite, type BuiltDocsSite } from './docs-site';

/** The `basePath` the Next.js fixtures' next.config.mjs set: every page and bundle is served under it. */
export const NEXT_BASE_PATH = '/scim-docs/';

/**
 * A Next.js fixture (e2e/fixtures/<name>), built once for the calling spec file by `next build` from
 * e2e/sites' packages as a static export (out/), served under NEXT_BASE_PATH beside the sandbox.
 */
export function useBuiltNextSite(fixtureName: string): () => BuiltDocsSite {
  // Next's build otherwise asks its telemetry server, which this machine may not reach.
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  return useBuiltDocsSite(
    fileURLToPath(new URL(`../fixtures/${fixtureName}/`, import.meta.url)),
    { packageName: 'next', script: 'dist/bin/next', args: ['build'] },
    { outDir: 'out', basePath: NEXT_BASE_PATH },
    240_000,
  );
}
