// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pythonWithRequests, recordingServer, runScript, type Received } from '../../test-support/recording-server';
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

/** How each runs a script from standard input. */
const RUNNERS: { label: string; target: SnippetTarget; command: string; args: string[] }[] = [
  { label: curl.label, target: curl, command: 'sh', args: ['-s'] },
  { label: javascript.label, target: javascript, command: 'node', args: ['-'] },
  { label: python.label, target: python, command: pythonWithRequests(), args: ['-'] },
];

/**
 * The request target requests (with urllib3) puts on the wire: `%xx` of a letter, digit or `-._~`
 * decoded, other `%xx` upper-cased, and the characters it deems unsafe percent-encoded. The same
 * resource to a server (RFC 3986 §6.2.2); the other clients send the target as recorded.
 */
function pythonTarget(target: string): string {
  const escapes = target.replace(/%([0-9a-f]{2})/gi, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[\w.~-]/.test(char) ? char : escape.toUpperCase();
  });
  return escapes.replace(/[[\]|^\\`{}]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

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
  ['a URL of quotes, $, backticks, backslashes, braces and Unicode', 'DELETE', `/scim/v2/Users/it's$HOME\`x\`"q"é😀[1]|^{a}?q=a'b$c\`d\\e"f{g}[h]|^%7e&x=${encodeURIComponent(HOSTILE)}`],
];

describe.each(RUNNERS)('$label, run by $command', ({ target, command, args }) => {
  it.each(CALLS)(`repeats %s byte for byte, the key from SCIM_TOKEN`, async (_name, method, path, body) => {
    const { call, sent } = await sentByElement(method, path, body);
    const before = server.received.length;
    const output = await runScript(command, args, target.generate(call.request), { SCIM_TOKEN: KEY });
    expect(server.received).toHaveLength(before + 1);
    expect(output.split(/\s+/), 'it prints the status the server answered').toContain('201');
    const repeated = server.received[before] as Received;

    expect(repeated.method).toBe(sent.method);
    expect(repeated.target).toBe(target === python ? pythonTarget(sent.target) : sent.target);
    for (const name of Object.keys(call.request.headers).map((header) => header.toLowerCase())) {
      expect([name, repeated.headers[name]]).toEqual([name, sent.headers[name]]);
    }
    expect(repeated.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(repeated.body.equals(sent.body), `body\n${repeated.body.toString()}\n${sent.body.toString()}`).toBe(true);
  }, 20_000);
});
