// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ciOnce } from './ci-once';

const run = promisify(execFile);
const ciOnceModule = fileURLToPath(new URL('./ci-once.ts', import.meta.url));

// A project with no dependencies: npm ci is quick and needs no registry.
async function writeProject(dir: string, manifest: object): Promise<void> {
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'ci-once-test', private: true, ...manifest }));
}

/** `ciOnce(dir)` in a Node process of its own, as a Playwright worker runs it: what it resolved with. */
async function ciOnceInAnotherProcess(dir: string): Promise<string> {
  const script = `const { ciOnce } = await import(${JSON.stringify(ciOnceModule)}); console.log(await ciOnce(${JSON.stringify(dir)}));`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script]);
  return stdout.trim();
}

describe('ciOnce', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ci-once-'));
    await writeProject(dir, { version: '1.0.0' });
    await run('npm', ['install', '--package-lock-only', '--no-audit', '--no-fund'], { cwd: dir });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('installs once per lock file, and again when the lock file changes', async () => {
    expect(await ciOnce(dir)).toBe(true);
    expect(await ciOnce(dir)).toBe(false);

    await writeProject(dir, { version: '1.0.1' });
    await run('npm', ['install', '--package-lock-only', '--no-audit', '--no-fund'], { cwd: dir });

    expect(await ciOnce(dir)).toBe(true);
    expect(await ciOnce(dir)).toBe(false);
  }, 60_000);

  it('lets one of two processes asking at once install, and the other find it installed', async () => {
    const answers = await Promise.all([ciOnceInAnotherProcess(dir), ciOnceInAnotherProcess(dir)]);

    expect(answers.sort()).toEqual(['false', 'true']);
    expect(await ciOnce(dir)).toBe(false);
  }, 60_000);

  it('says where npm ci failed, with npm’s own words', async () => {
    // A dependency the lock file does not have: npm ci refuses.
    await writeProject(dir, { version: '1.0.0', dependencies: { 'left-pad': '1.3.0' } });

    await expect(ciOnce(dir)).rejects.toThrow(/`npm ci` in .*ci-once-.* failed[\s\S]*lock file/);
  }, 60_000);
});
