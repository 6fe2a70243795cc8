// @vitest-environment node
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_FILES, distIsStale } from './fresh-dist';

const INPUTS = ['src/entries/index.ts', 'src/widget/Widget.tsx', 'src/widget/Widget.test.tsx', 'build/faker-en-subset.ts', 'vite.config.ts', 'package-lock.json'];
const HOUR = 3600;
let root: string;

/** Sets the modification time of `path` under the root to `secondsAgo` ago. */
async function age(path: string, secondsAgo: number): Promise<void> {
  const time = Date.now() / 1000 - secondsAgo;
  await utimes(join(root, path), time, time);
}

/** Writes `path` under the root, and dates it and its folders `secondsAgo` ago. */
async function touch(path: string, secondsAgo: number): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), '');
  for (let at = path; at !== '.'; at = dirname(at)) await age(at, secondsAgo);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fresh-dist-'));
  for (const input of INPUTS) await touch(input, 2 * HOUR);
  for (const output of BUILT_FILES) await touch(output, HOUR);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('distIsStale', () => {
  it('is false when the built files are newer than every input', async () => {
    expect(await distIsStale(root)).toBe(false);
  });

  it.each(BUILT_FILES)('is true without %s (a fresh clone, or a build cut short)', async (output) => {
    await rm(join(root, output));
    expect(await distIsStale(root)).toBe(true);
  });

  it.each(['src/widget/Widget.tsx', 'build/faker-en-subset.ts', 'vite.config.ts', 'package-lock.json'])(
    'is true once %s is edited after the build',
    async (input) => {
      await writeFile(join(root, input), 'changed');
      expect(await distIsStale(root)).toBe(true);
    },
  );

  it('is true once a file is removed from src/ (its folder changes)', async () => {
    await rm(join(root, 'src/widget/Widget.tsx'));
    expect(await distIsStale(root)).toBe(true);
  });

  it('ignores a test file edited in place, which the build does not read', async () => {
    await writeFile(join(root, 'src/widget/Widget.test.tsx'), 'changed');
    expect(await distIsStale(root)).toBe(false);
  });
});
