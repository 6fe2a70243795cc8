// `tsx scripts/ensure-packages.ts e2e/firefox ...`: installs the test-only package folders named
// (their own package.json and lock file, kept out of the root's `npm install`) unless already installed.
import { resolve } from 'node:path';
import { ciOnce } from './ci-once';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('Usage: tsx scripts/ensure-packages.ts <folder with package-lock.json>...');
  process.exit(2);
}
try {
  for (const dir of dirs) {
    if (await ciOnce(resolve(dir))) console.log(`Installed the test packages of ${dir}.`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
