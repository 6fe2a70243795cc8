import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, stat } from 'node:fs/promises';
import { constants } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// dist/ is not in git, so a fresh clone has none, and a pull that changes src/ leaves it behind.

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
/**
 * What a page embedding the ES build loads first (the loader, built only once the element's chunk
 * it names is), and the file `npm run build` writes last: without it, a build was cut short.
 */
export const BUILT_FILES = ['dist/scim-generator.js', 'dist/react.d.ts'];
/** What `npm run build` reads (folders whole, tests left out). */
const BUILD_INPUTS = ['src', 'build', 'vite.config.ts', 'package-lock.json'];
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

async function modifiedAt(root: string, path: string): Promise<number | undefined> {
  return (await stat(join(root, path)).catch(() => undefined))?.mtimeMs;
}

async function newestInput(root: string): Promise<number> {
  const paths: string[] = [];
  for (const input of BUILD_INPUTS) {
    paths.push(input);
    if (!(await stat(join(root, input)).catch(() => undefined))?.isDirectory()) continue;
    for (const file of await readdir(join(root, input), { recursive: true })) {
      if (!isTest(file)) paths.push(join(input, file));
    }
  }
  const times = await Promise.all(paths.map((path) => modifiedAt(root, path)));
  return Math.max(...times.map((time) => time ?? 0));
}

/** Whether `root`'s dist/ lacks one of those files, or is older than something the build reads. */
export async function distIsStale(root = repoRoot): Promise<boolean> {
  const built = await Promise.all(BUILT_FILES.map((path) => modifiedAt(root, path)));
  if (built.some((time) => time === undefined)) return true;
  return Math.min(...(built as number[])) < (await newestInput(root));
}

/**
 * Runs `npm run build` when dist/ is stale; its output is shown only if it fails. The build runs
 * in a process group of its own, which SIGINT or SIGTERM to this process ends whole (npm and its
 * `sh -c` would not pass the signal on to vite).
 */
export async function buildDistIfStale(say: (line: string) => void): Promise<void> {
  if (!(await distIsStale())) return;
  say('dist/ is missing or older than src/: building it with `npm run build` (about a minute)…');
  const build = spawn('npm', ['run', 'build'], { cwd: repoRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [build.stdout, build.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = (signal: NodeJS.Signals) => {
    if (build.pid !== undefined) process.kill(-build.pid, signal);
    process.exit(128 + constants.signals[signal]);
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
  const [code] = (await once(build, 'exit')) as [number | null];
  process.off('SIGINT', stop).off('SIGTERM', stop);
  if (code !== 0) throw new Error(`npm run build failed (${code}):\n${output}`);
}
