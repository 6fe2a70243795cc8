// `tsx scripts/ensure-tools.ts chromium mkdocs hugo`: installs the Debian programs named that are
// missing (scripts/debian-tools.ts), or says exactly what to install and exits 1.
import { DEBIAN_TOOLS, ensureTools, isToolName } from './debian-tools';

const names = process.argv.slice(2);
if (names.length === 0 || !names.every(isToolName)) {
  console.error(`Usage: tsx scripts/ensure-tools.ts ${Object.keys(DEBIAN_TOOLS).join('|')}...`);
  process.exit(2);
}
try {
  ensureTools(names);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
