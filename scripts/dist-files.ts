// The files `npm run build` writes, by name, with each content hash shown as [hash]: what a page, a
// bundler or a CDN path names. `npm run check:package` fails when they differ from dist-files.txt, so
// a move inside src/ cannot rename a public file unseen. After a deliberate change: `--write`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const LIST = new URL('./dist-files.txt', import.meta.url);
// Rolldown's [hash]: eight characters of base64url, after the chunk's name and a dash.
const HASH = /-[\w-]{8}(?=\.js(?:\.map)?$)/;

const built = readdirSync('dist', { recursive: true, encoding: 'utf8' })
  .filter((path) => /\.(?:js|ts|map)$/.test(path))
  .map((path) => path.replace(HASH, '-[hash]'))
  .sort()
  .join('\n')
  .concat('\n');

if (process.argv.includes('--write')) writeFileSync(LIST, built);
else if (built !== readFileSync(LIST, 'utf8')) {
  console.error(`dist/ holds other files than scripts/dist-files.txt lists:\n${built}`);
  process.exit(1);
} else console.log(`dist/: the ${built.trim().split('\n').length} files scripts/dist-files.txt lists`);
