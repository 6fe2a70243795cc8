import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface FileSize {
  /** Path under `dist/`, e.g. `scim-generator.js`. */
  file: string;
  raw: number;
  /** gzip level 9, as size-limit measures it. */
  gzip: number;
  /** brotli quality 11. */
  brotli: number;
}

function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return scripts(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

/** Raw, gzip and brotli size of every built script in `distDir`. */
export function builtFileSizes(distDir: string): FileSize[] {
  return scripts(distDir)
    .sort()
    .map((path) => {
      const content = readFileSync(path);
      return {
        file: relative(distDir, path),
        raw: content.length,
        gzip: gzipSync(content, { level: 9 }).length,
        brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
    });
}
