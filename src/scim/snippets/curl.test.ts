// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { API_KEY_TOKEN } from '../secrets/key-token';
import { SCIM_CONTENT_TYPE } from '../protocol';
import type { ScimRequest } from '../http/client';
import { curlCommand } from './curl';
import { bodyText } from './target';

const URL = 'https://scim.example.com/scim/v2/Users';
const request = (body: unknown): ScimRequest => ({
  method: 'POST',
  url: URL,
  headers: { 'Content-Type': SCIM_CONTENT_TYPE, Accept: SCIM_CONTENT_TYPE, Authorization: `Bearer ${API_KEY_TOKEN}` },
  body,
});

// A HOME whose ~/.bashrc fails: bash -c whose standard input is a socket (Node's pipes are) takes
// itself for a remote shell and reads ~/.bashrc, as Debian builds it, unless told `--norc` (bash(1),
// INVOCATION). A real ~/.bashrc cost some 0.6 s a run, and the property test timed out (issue 54).
const home = mkdtempSync(join(tmpdir(), 'curl-test-home-'));
writeFileSync(join(home, '.bashrc'), 'echo "~/.bashrc was read" >&2; exit 7\n');
afterAll(() => rmSync(home, { recursive: true, force: true }));

/**
 * Runs the command in bash with `curl` replaced by a function that prints each argument it gets,
 * NUL-separated: what the real curl would receive, after the shell's quoting and expansion.
 */
function argumentsBashPasses(command: string, token: string): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\n${command}`;
  const output = execFileSync('bash', ['--norc', '--noprofile', '-c', script], { env: { SCIM_TOKEN: token, PATH: process.env.PATH, HOME: home } });
  return output.toString('utf8').split('\0').slice(0, -1);
}

/** What curl is told to print after the body: the status code on a line of its own (`\n` is curl's escape). */
const WRITE_STATUS = ['--write-out', '\\n%{http_code}\\n'];

describe('curlCommand', () => {
  it('repeats method, URL and headers, with the key expanded from $SCIM_TOKEN and never written out', () => {
    const command = curlCommand(request({ userName: 'bjensen' }));
    expect(command).toContain(`-H "Authorization: Bearer $SCIM_TOKEN"`);
    expect(argumentsBashPasses(command, 'k-secret')).toEqual([
      '--globoff',
      '-X',
      'POST',
      URL,
      '-H',
      `Content-Type: ${SCIM_CONTENT_TYPE}`,
      '-H',
      `Accept: ${SCIM_CONTENT_TYPE}`,
      '-H',
      'Authorization: Bearer k-secret',
      '--data-binary',
      '{"userName":"bjensen"}',
      ...WRITE_STATUS,
    ]);
  });

  it('reads a key that text follows from ${SCIM_TOKEN}, and quotes around it the text a shell would expand', () => {
    const headers = { Authorization: `Bearer ${API_KEY_TOKEN}x`, 'X-Key': `$HOME "\\\`!${API_KEY_TOKEN}'` };
    const command = curlCommand({ method: 'GET', url: URL, headers });
    expect(command).toContain('-H "Authorization: Bearer ${SCIM_TOKEN}x"');
    expect(argumentsBashPasses(command, 'k')).toEqual(['--globoff', '-X', 'GET', URL, '-H', 'Authorization: Bearer kx', '-H', `X-Key: $HOME "\\\`!k'`, ...WRITE_STATUS]);
  });

  it('sends no Authorization header and no body when the request had neither', () => {
    const command = curlCommand({ method: 'DELETE', url: `${URL}/42`, headers: { Accept: SCIM_CONTENT_TYPE } });
    expect(argumentsBashPasses(command, 'k')).toEqual(['--globoff', '-X', 'DELETE', `${URL}/42`, '-H', `Accept: ${SCIM_CONTENT_TYPE}`, ...WRITE_STATUS]);
  });

  it('passes any JSON body through bash byte for byte, and it means the JSON sent: quotes, $, backticks, newlines, DEL and C1 controls, any Unicode', () => {
    const awkward = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom(`'`, `'\\''`, '$SCIM_TOKEN', '`id`', '$(rm -rf ~)', '"\n\\', '!', '\u007f', 'a\u0085b'));
    const body = fc.oneof(fc.jsonValue(), fc.dictionary(awkward, fc.oneof(awkward, fc.jsonValue())));
    fc.assert(
      fc.property(body, (value) => {
        const passed = argumentsBashPasses(curlCommand(request(value)), 'k');
        const data = passed[passed.indexOf('--data-binary') + 1] ?? '';
        // The snippet writes DEL and C1 controls as JSON escapes (bodyText): other bytes, the same JSON.
        expect(Buffer.from(data, 'utf8')).toEqual(Buffer.from(bodyText(request(value)) ?? '', 'utf8'));
        expect(JSON.parse(data)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});

describe('a URL that curl would read as a range', () => {
  it('reaches curl as one URL, for one request: curl is told not to expand [] and {}', () => {
    const url = `${URL}/x[1-3]{a,b}`;
    const passed = argumentsBashPasses(curlCommand({ method: 'DELETE', url, headers: {} }), 'k');
    expect(passed).toContain('--globoff');
    expect(passed).toContain(url);
  });
});
