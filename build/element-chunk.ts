import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// The element's chunk is named by its content, as every other file the loader imports is: a new
// loader then never runs beside an old chunk a browser or CDN kept, and the dist/chunks/ of two
// versions can sit side by side.

/** Where `vite build --mode element` writes the chunk; Rolldown fills in `[hash]`. */
export const ELEMENT_CHUNK_FILE_NAME = 'chunks/scim-generator-element-[hash].js';
/** A built element chunk's path under dist/, e.g. `chunks/scim-generator-element-Bq3xY_0a.js`. */
export const ELEMENT_CHUNK_PATH = /^chunks\/scim-generator-element-[\w-]{8}\.js$/;

/** The path under `dist` of the one element chunk built there (the element build empties dist/ first). */
export function builtElementChunk(dist: string): string {
  const found = readdirSync(join(dist, 'chunks'))
    .map((name) => `chunks/${name}`)
    .filter((path) => ELEMENT_CHUNK_PATH.test(path));
  if (found.length !== 1) {
    throw new Error(`expected one element chunk in ${join(dist, 'chunks')}, found ${found.length}: run \`npm run build\`, which builds it first`);
  }
  return found[0] as string;
}
