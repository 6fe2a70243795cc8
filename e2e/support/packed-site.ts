import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
// Sites live inside the repository so that what they do not install themselves (react, vite)
// resolves from its node_modules, while `scim-generator` resolves from their own.
const SITES_DIR = join(repoRoot, '.test-sites');

export interface PackedSite {
  /** The site's folder: a copy of the fixture, with the packed package in `node_modules/scim-generator`. */
  dir: string;
  remove(): Promise<void>;
}

let tarball: Promise<string> | undefined;

/** `npm pack` of the built package (once per worker): the file a registry would serve. */
export function packedTarball(): Promise<string> {
  tarball ??= (async () => {
    const destination = await mkdtemp(join(tmpdir(), 'scim-generator-pack-'));
    const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], {
      cwd: repoRoot,
    });
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    if (!packed) throw new Error(`npm pack printed no file: ${stdout}`);
    return join(destination, packed.filename);
  })();
  return tarball;
}

/**
 * Copies the site in `fixtureDir` into a fresh folder of `sitesDir` and installs the packed package
 * into it the way npm would (the tarball's `package/` becomes `node_modules/scim-generator`). The
 * site's other packages resolve from the node_modules of the folders above it.
 */
export async function createPackedSite(fixtureDir: string, sitesDir = SITES_DIR): Promise<PackedSite> {
  await mkdir(sitesDir, { recursive: true });
  const dir = await mkdtemp(join(sitesDir, 'site-'));
  await cp(fixtureDir, dir, { recursive: true });
  const installed = join(dir, 'node_modules', 'scim-generator');
  await mkdir(installed, { recursive: true });
  await run('tar', ['-xzf', await packedTarball(), '-C', installed, '--strip-components=1']);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Runs `command` with `args` in `cwd`; resolves with its output, rejects with it when it exits non-zero. */
export async function runCommand(command: string, args: string[], cwd: string): Promise<string> {
  try {
    return (await run(command, args, { cwd, env: withoutNodeEnv(), maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`, { cause: error });
  }
}

/**
 * This process's environment without NODE_ENV: a spec that started Vite's dev server in this worker
 * left it set to `development`, and a site's build must see what it sees in a shell (Next.js, React).
 */
function withoutNodeEnv(): NodeJS.ProcessEnv {
  const { NODE_ENV: _set, ...env } = process.env;
  return env;
}

/** Runs this `node` with `args` in `cwd`, as `runCommand`. */
export function runNode(args: string[], cwd: string): Promise<string> {
  return runCommand(process.execPath, args, cwd);
}
