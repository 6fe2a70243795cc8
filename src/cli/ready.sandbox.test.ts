// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import express from 'express';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenWithSandbox, type SandboxServer } from '../../e2e/support/sandbox';
import { DEFECTS } from '../../e2e/support/readiness-defects';
import { junitSchemaErrors } from '../test-support/junit-schema';
import { runReadiness, type ReadinessVerdict } from '../scim/readiness/run';
import { IDP_NAMES } from '../scim/profiles/idp-names';
import { IDP_PROFILES } from '../scim/profiles/names';
import { READINESS } from '../scim/readiness/table';
import { main } from './main';
import { decided } from '../test-support/verdict-decided';

// `scim-generator ready` against the sandbox, clean and behind the defect that refuses capitalised
// PATCH ops: its exit code, table, --json and --junit files, and the key in none of them.

interface Run {
  code: number | undefined;
  stdout: string;
  stderr: string;
  json: string;
  junit: string;
}

async function ready(url: string, apiKey: string, ...flags: string[]): Promise<Run> {
  const dir = await mkdtemp(join(tmpdir(), 'scim-ready-'));
  let stdout = '';
  let stderr = '';
  const io = { stdout: (text: string) => void (stdout += text), stderr: (text: string) => void (stderr += text), env: { SCIM_TOKEN: apiKey } };
  const code = await main(['ready', url, '--json', join(dir, 'v.json'), '--junit', join(dir, 'v.xml'), ...flags], io);
  return { code, stdout, stderr, json: await readFile(join(dir, 'v.json'), 'utf8'), junit: await readFile(join(dir, 'v.xml'), 'utf8') };
}

const xmlOf = (text: string) => {
  const document = new new Window().DOMParser().parseFromString(text, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document;
};

describe('scim-generator ready against the clean sandbox', () => {
  let site: SandboxServer;
  let apiKey: string;
  let run: Run;
  beforeAll(async () => {
    site = await listenWithSandbox(express());
    apiKey = await site.createApiKey('pro');
    run = await ready(site.scimUrl, apiKey, '--verbose');
  });
  afterAll(() => site?.close());

  it('exits 0 with every IdP ready in its table (the default --idp is every IdP profile)', () => {
    expect(run.stderr).toMatch(/Entra: PATCH \/scim\/v2\/Users\/\S+ 20\d/);
    expect(run.stderr).toMatch(/OneLogin: PUT \/scim\/v2\/Users\/\S+ 20\d/);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout.split('\n').filter((line) => /^\S/.test(line))).toEqual(IDP_PROFILES.map((profile) => `READY    Ready for ${IDP_NAMES[profile]}`));
  });

  it('prints and writes the key nowhere', () => {
    expect(apiKey.length).toBeGreaterThan(16);
    for (const text of [run.stdout, run.stderr, run.json, run.junit]) expect(text).not.toContain(apiKey);
  });

  it('gives the verdict the engine gives on the same server', async () => {
    const engine: ReadinessVerdict[] = [];
    for (const profile of IDP_PROFILES) engine.push(await runReadiness({ baseUrl: site.scimUrl, apiKey, profile }));
    expect((JSON.parse(run.json) as ReadinessVerdict[]).map(decided)).toEqual(engine.map(decided));
  });

  it("writes a JUnit file valid against Jenkins' JUnit XML schema", async () => {
    expect(await junitSchemaErrors(run.junit)).toEqual([]);
  });

  it('writes no progress without --verbose', async () => {
    const quiet = await ready(site.scimUrl, apiKey, '--idp', 'okta');
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    expect((JSON.parse(quiet.json) as ReadinessVerdict[]).map(({ profile }) => profile)).toEqual(['okta']);
  });
});

describe('scim-generator ready against a server refusing capitalised PATCH ops', () => {
  const defect = DEFECTS.find(({ name }) => name === 'capitalised PATCH ops refused with 400');
  let site: SandboxServer;
  let apiKey: string;
  let run: Run;
  beforeAll(async () => {
    const app = express();
    defect?.misbehave(app);
    site = await listenWithSandbox(app);
    apiKey = await site.createApiKey('pro');
    run = await ready(site.scimUrl, apiKey);
  });
  afterAll(() => site?.close());

  it('exits 1 with Entra blocked by patch-op-case and every other IdP ready', () => {
    expect(defect?.blocks).toEqual({ entra: 'patch-op-case' });
    expect(run.code, run.stdout).toBe(1);
    expect(run.stdout).toMatch(/^BLOCKED {2}Entra: \d+ blockers?/m);
    expect(run.stdout).toMatch(/^ {2}blocker {2}patch-op-case: /m);
    expect(run.stdout).toMatch(/^READY {4}Ready for Okta/m);
    const verdicts = JSON.parse(run.json) as ReadinessVerdict[];
    expect(verdicts.map(({ profile, ready }) => [profile, ready])).toEqual(IDP_PROFILES.map((profile) => [profile, profile !== 'entra']));
    for (const text of [run.stdout, run.stderr, run.json, run.junit]) expect(text).not.toContain(apiKey);
  });

  it('writes well-formed JUnit XML: a testsuite per IdP, a testcase per criterion, a failure per blocker', () => {
    const document = xmlOf(run.junit);
    const verdicts = JSON.parse(run.json) as ReadinessVerdict[];
    const root = document.documentElement;
    expect(root.tagName).toBe('testsuites');
    const suites = [...root.children];
    expect(suites.map(({ tagName }) => tagName)).toEqual(IDP_PROFILES.map(() => 'testsuite'));
    suites.forEach((suite, index) => {
      const verdict = verdicts[index] as ReadinessVerdict;
      const cases = [...suite.children];
      expect(cases.every(({ tagName }) => tagName === 'testcase')).toBe(true);
      expect(cases.map((testcase) => testcase.getAttribute('name')?.split(':')[0])).toEqual(READINESS[verdict.profile].map(({ id }) => id));
      expect(suite.getAttribute('tests')).toBe(String(cases.length));
      const failed = cases.filter((testcase) => testcase.getElementsByTagName('failure').length > 0).map((testcase) => testcase.getAttribute('name')?.split(':')[0]);
      expect(failed).toEqual(verdict.blockers.map(({ criterion }) => criterion));
      expect(suite.getAttribute('failures')).toBe(String(failed.length));
    });
    expect(root.getAttribute('failures')).toBe(String(verdicts[0]?.blockers.length));
  });

  it("writes a JUnit file valid against Jenkins' JUnit XML schema, its failures included", async () => {
    expect(run.junit).toContain('<failure ');
    expect(await junitSchemaErrors(run.junit)).toEqual([]);
  });
});

describe('scim-generator on bad input', () => {
  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/cli.ts', ...args]).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  it('exits 2 naming a bad base URL, an unknown IdP or an unknown flag', async () => {
    expect(await cli('ready', 'example.com/scim/v2')).toMatchObject({ code: 2, stderr: expect.stringContaining('Invalid base URL "example.com/scim/v2"') });
    expect(await cli('ready', 'ftp://example.com/scim/v2')).toMatchObject({ code: 2, stderr: expect.stringContaining('only http and https') });
    expect(await cli('ready', 'https://example.com/scim/v2', '--idp', 'entra,full')).toMatchObject({ code: 2, stderr: expect.stringContaining('"full" is not entra, okta, okta-aiw, onelogin, ping or authentik') });
    expect(await cli('ready', 'https://example.com/scim/v2', '--key', 'x')).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--key'") });
    expect(await cli('readiness')).toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown command "readiness"') });
  });
});
