import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { lock } from 'proper-lockfile';

const run = promisify(execFile);

/** How long one `npm ci` may take (the docs frameworks: 1–3 min here with a warm npm cache, on a busy machine). */
export const NPM_CI_TIMEOUT_MS = 6 * 60_000;

// In node_modules, so that removing node_modules also forgets the install.
const STAMP = join('node_modules', '.installed-lock-sha256');

/**
 * Runs `npm ci` in `dir`, unless its node_modules already holds an install of this very lock file
 * (a stamp of its sha256). Processes (Playwright's workers, parallel runs) take turns through a lock
 * on the folder; one that waited finds the stamp and installs nothing. Resolves with whether it
 * installed; rejects with npm's output when `npm ci` fails.
 *
 * The test-only packages too heavy for the root's `npm install` (docs frameworks, the Firefox driver,
 * the type-export checker) each have a folder of their own installed this way.
 */
export async function ciOnce(dir: string): Promise<boolean> {
  const wanted = createHash('sha256')
    .update(await readFile(join(dir, 'package-lock.json')))
    .digest('hex');
  const installed = () => readFile(join(dir, STAMP), 'utf8').then((stamp) => stamp === wanted, () => false);
  if (await installed()) return false;
  const release = await lock(dir, {
    lockfilePath: join(dir, '.install.lock'),
    retries: { retries: NPM_CI_TIMEOUT_MS / 1000, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
  });
  try {
    if (await installed()) return false;
    await npmCi(dir);
    // npm ci makes no node_modules for a project without dependencies.
    await mkdir(join(dir, 'node_modules'), { recursive: true });
    await writeFile(join(dir, STAMP), wanted);
    return true;
  } finally {
    await release();
  }
}

async function npmCi(dir: string): Promise<void> {
  try {
    await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, timeout: NPM_CI_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(
      `Could not install test packages: \`npm ci\` in ${dir} failed. ` +
        `Run it there to see why (network, disk, or a lock file out of step with package.json).\n${stdout ?? ''}\n${stderr ?? ''}`,
      { cause: error },
    );
  }
}
