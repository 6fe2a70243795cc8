import { closedPort } from './support/closed-port';
import { listenWithSandbox } from './support/sandbox';
import { expect, test } from './support/fault-page';
import { expectKeyNeverAfterProbes, expectWall, WALLS } from './support/walls';

// Each wall between a docs page and a SCIM API gets its own diagnosis on every line, in Details
// and in the events, found by at most two probes that never carry the key. The https page calling
// an http API: e2e/mixed-content.spec.ts (its browser is launched otherwise).

test('no CORS headers at all: every line names the origin and Access-Control-Allow-Origin', async ({ host, faults }) => {
  await expectWall(host, faults.baseUrl('no-cors'), WALLS['cors-origin']);
  expectKeyNeverAfterProbes(faults, 2);
});

test('a server without CORS whose base URL redirects to another origin: the probe follows it nowhere, and every line still names CORS (issue 49, item 5)', async ({ host, faults }) => {
  await expectWall(host, faults.baseUrl('no-cors-redirect'), WALLS['cors-origin']);
  expect(faults.requests.filter(({ headers }) => !headers.host?.startsWith('127.0.0.1:')).map(({ method, url }) => `${method} ${url}`)).toEqual([]);
  expectKeyNeverAfterProbes(faults, 2);
});

test('CORS on simple GETs, but the preflight answers 404: every line names the methods and headers to allow', async ({ host, faults }) => {
  await expectWall(host, faults.baseUrl('options-404'), WALLS['cors-preflight']);
  expectKeyNeverAfterProbes(faults, 1);
  expect(faults.posts()).toHaveLength(0);
});

test('a preflight that allows Content-Type but not Authorization: every line names the headers to allow', async ({ host, faults }) => {
  await expectWall(host, faults.baseUrl('no-authorization'), WALLS['cors-preflight']);
  expectKeyNeverAfterProbes(faults, 1);
  expect(faults.posts()).toHaveLength(0);
});

test('a closed port: every line says nothing answered there', async ({ host }) => {
  await expectWall(host, `http://127.0.0.1:${await closedPort()}/scim/v2`, WALLS.unreachable);
});

test("a wrong path on a server whose CORS covers only its SCIM routes (the sandbox's): every line names base-url's path before CORS", async ({ host }) => {
  const sandbox = await listenWithSandbox();
  try {
    const wall = WALLS['cors-origin'];
    await expectWall(host, new URL('/scim/v1', sandbox.url).href, { ...wall, names: (where) => ["First check base-url's path (/scim/v1)", ...wall.names(where)] });
    for (const { detail } of await host.readLines()) expect(detail?.indexOf('/scim/v1')).toBeLessThan(detail?.indexOf('CORS') ?? 0);
  } finally {
    await sandbox.close();
  }
});
