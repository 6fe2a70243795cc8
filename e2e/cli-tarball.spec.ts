import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import express from 'express';
import { junitSchemaErrors } from '../src/test-support/junit-schema';
import { packedTarball } from './support/packed-site';
import { listenWithSandbox } from './support/sandbox';

// Issue 53: `scim-generator ready` as a user runs it before the package is on the registry, from the
// packed tarball with npx in an empty folder, against the sandbox: its table, JUnit file (valid against
// Jenkins' JUnit XML schema) and exit codes.

interface Exit {
  code: number;
  stdout: string;
  stderr: string;
}

async function npx(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<Exit> {
  return promisify(execFile)('npx', ['--yes', '--package', await packedTarball(), 'scim-generator', ...args], { cwd, env: { ...process.env, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: Exit) => error,
  );
}

test('scim-generator ready from the packed tarball: 0 against the sandbox, 2 on a bad URL, the key in no output', async () => {
  test.setTimeout(240_000);
  const site = await listenWithSandbox(express());
  const dir = await mkdtemp(join(tmpdir(), 'scim-generator-npx-'));
  try {
    const apiKey = await site.createApiKey('pro');
    const ready = await npx(dir, { SCIM_TOKEN: apiKey }, 'ready', site.scimUrl, '--idp', 'okta', '--junit', 'readiness.xml');
    expect(ready.code, ready.stderr).toBe(0);
    expect(ready.stdout).toMatch(/^READY {4}Ready for Okta/m);
    const junit = await readFile(join(dir, 'readiness.xml'), 'utf8');
    expect(junit).toContain('<testsuite name="SCIM readiness for Okta"');
    expect(await junitSchemaErrors(junit)).toEqual([]);
    for (const text of [ready.stdout, ready.stderr, junit]) expect(text).not.toContain(apiKey);
    const bad = await npx(dir, {}, 'ready', 'scim.example.com/scim/v2');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Invalid base URL "scim.example.com/scim/v2"');
  } finally {
    await site.close();
    await rm(dir, { recursive: true, force: true });
  }
});
