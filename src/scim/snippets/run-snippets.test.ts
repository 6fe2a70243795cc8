// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingServer, runScript, type Received } from '../../test-support/recording-server';
import { sendScim, type HttpMethod } from '../http/client';
import { curl } from './curl';
import { javascript } from './javascript';
import { python } from './python';
import type { SnippetTarget } from './target';

// Each snippet, run with SCIM_TOKEN set, makes the very request the element made: the recording
// server compares what the element sent with what the snippet sent. PowerShell cannot run here
// (no pwsh package): powershell.test.ts tests its quoting.

const KEY = 'k-run-snippets-3f9a';
const HOSTILE = `O'Brien "q" \\ $HOME $(echo x) \`id\` \${x} {{SCIM_TOKEN}} $SCIM_TOKEN '@ "@ ’‘“” \n\r\t\u0000 é 😀 \u2028 !`;

/** A DEL (which a terminal's line editor reads as "erase the character before") and C1 controls (CSI, NEL). */
const CONTROLS = 'ab\u007fc \u009b2J \u0085 \u0080\u009f';

/**
 * How each runs a script from standard input. `bash --norc -i` reads it as a paste into an
 * interactive shell, through readline (which would erase the character before a raw DEL); no
 * ~/.bashrc is read, and runScript gives it only PATH and SCIM_TOKEN.
 */
const RUNNERS: { label: string; target: SnippetTarget; command: string; args: string[] }[] = [
  { label: curl.label, target: curl, command: 'sh', args: ['-s'] },
  { label: `${curl.label} pasted into an interactive bash`, target: curl, command: 'bash', args: ['--norc', '-i'] },
  { label: javascript.label, target: javascript, command: 'node', args: ['-'] },
  { label: python.label, target: python, command: 'python3', args: ['-'] },
];

let server: Awaited<ReturnType<typeof recordingServer>>;
beforeAll(async () => {
  server = await recordingServer();
});
afterAll(() => server.close());

/** What the element sends for this call, and the call as its log records it. */
async function sentByElement(method: HttpMethod, path: string, body?: unknown) {
  const before = server.received.length;
  const url = new URL(path, server.origin).href;
  const call = await sendScim({ method, url, body, apiKey: KEY, timeoutMs: 10_000, signal: new AbortController().signal });
  expect(server.received).toHaveLength(before + 1);
  return { call, sent: server.received[before] as Received };
}

const CALLS: [string, HttpMethod, string, unknown?][] = [
  ['a create', 'POST', '/scim/v2/Users', { userName: 'bjensen', name: { familyName: HOSTILE }, emails: [{ value: 'b@example.com' }] }],
  ['a lookup with a filter', 'GET', `/scim/v2/Users?filter=${encodeURIComponent('userName eq "a\'b"')}&count=1`],
  ['an Update (PATCH)', 'PATCH', '/scim/v2/Users/u-1', { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value: { displayName: HOSTILE } }] }],
  ['a replace (PUT) of a body of every hostile key', 'PUT', '/scim/v2/Groups/g-1', { [HOSTILE]: [HOSTILE, 1.5e300, -0, null, true], '__proto__': { x: 1 } }],
  ['a delete', 'DELETE', '/scim/v2/Users/u-1'],
  ['a body of DEL and C1 controls (issue 49)', 'POST', '/scim/v2/Users', { userName: CONTROLS, name: { [CONTROLS]: CONTROLS } }],
  ['a base URL holding a bare % and escapes (issue 49)', 'PATCH', '/scim%/v2%zz/Users/50%25%2F%7e?tenant=a%b%20', { schemas: [], Operations: [] }],
  ['a URL of quotes, $, backticks, backslashes, braces and Unicode', 'DELETE', `/scim/v2/Users/it's$HOME\`x\`"q"é😀[1]|^{a}?q=a'b$c\`d\\e"f{g}[h]|^%7e&x=${encodeURIComponent(HOSTILE)}`],
];

/** The body's bytes, with DEL and C1 controls as JSON escapes: the same JSON, as every snippet writes it. */
const escapedControls = (sent: Buffer) => sent.toString().replace(/[\u007f-\u009f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe.each(RUNNERS)('$label, run by $command $args', ({ target, command, args }) => {
  it.each(CALLS)(`repeats %s byte for byte (controls escaped), the key from SCIM_TOKEN`, async (_name, method, path, body) => {
    const { call, sent } = await sentByElement(method, path, body);
    const before = server.received.length;
    const output = await runScript(command, args, target.generate(call.request), { SCIM_TOKEN: KEY });
    expect(server.received).toHaveLength(before + 1);
    expect(output.split(/\s+/), 'it prints the status the server answered').toContain('201');
    const repeated = server.received[before] as Received;

    expect(repeated.method).toBe(sent.method);
    expect(repeated.target).toBe(sent.target);
    for (const name of Object.keys(call.request.headers).map((header) => header.toLowerCase())) {
      expect([name, repeated.headers[name]]).toEqual([name, sent.headers[name]]);
    }
    expect(repeated.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(repeated.body.toString()).toBe(escapedControls(sent.body));
    if (body !== undefined) expect(JSON.parse(repeated.body.toString())).toEqual(JSON.parse(sent.body.toString()));
  }, 20_000);
});
