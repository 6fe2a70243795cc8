// @vitest-environment node
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noCors } from '../../e2e/support/no-cors';
import { listenWithSandbox, type SandboxServer } from '../../e2e/support/sandbox';
import { SCIM_CONTENT_TYPE, USER_SCHEMA } from '../scim/protocol';
import { relay } from './relay';

// The relay in front of the sandbox made to send no CORS headers at all (its preflights answered 401
// text/plain, as jelhub/scimgateway does): the page's origin gets its answers with CORS headers, another
// origin gets none and reaches nothing, nor does a path outside the base URL; no redirect is followed.

const PAGE = 'http://localhost:5173';
const OTHER = 'https://elsewhere.example';

describe('scim-generator relay', () => {
  let site: SandboxServer;
  let apiKey: string;
  let server: Server;
  let relayUrl: string;
  let stderr = '';
  const reached: string[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(noCors(reached));
    app.get('/scim/v2/Moved', (_req, res) => res.redirect(302, 'https://elsewhere.example/scim/v2/Users'));
    site = await listenWithSandbox(app);
    apiKey = await site.createApiKey('pro');
    let stdout = '';
    server = await relay([site.scimUrl, '--port', '0', '--origin', PAGE], { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), env: {} });
    relayUrl = /Set the element's base-url to (\S+)/.exec(stdout)?.[1] ?? '';
    expect(stdout).toContain(`for pages on ${PAGE}`);
  });
  afterAll(async () => {
    server?.close();
    await site?.close();
  });

  const create = (origin: string) =>
    fetch(`${relayUrl}/Users`, {
      method: 'POST',
      headers: { Origin: origin, Authorization: `Bearer ${apiKey}`, 'Content-Type': SCIM_CONTENT_TYPE },
      body: JSON.stringify({ schemas: [USER_SCHEMA], userName: `relay-${origin.length}@example.com`, active: true }),
    });

  it('listens on 127.0.0.1 only, at the base URL path', () => {
    expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
    expect(relayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/scim\/v2$/);
  });

  it('answers the page origin a preflight the server would refuse, forwarding nothing', async () => {
    const before = reached.length;
    const preflight = await fetch(`${relayUrl}/Users`, { method: 'OPTIONS', headers: { Origin: PAGE, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(reached.length).toBe(before);
  });

  it('forwards the page origin a create: 201 and CORS headers, where the server sends none', async () => {
    const direct = await fetch(`${site.scimUrl}/Users?count=1`, { headers: { Origin: PAGE, Authorization: `Bearer ${apiKey}` } });
    expect(direct.status).toBe(200);
    expect([...direct.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const made = await create(PAGE);
    expect(made.status).toBe(201);
    expect(made.headers.get('access-control-allow-origin')).toBe(PAGE);
    const { id } = (await made.json()) as { id: string };
    expect(reached).toContain('POST /scim/v2/Users');
    expect((await site.getResource(apiKey, 'Users', id)).resource).toMatchObject({ userName: 'relay-21@example.com' });
  });

  it('answers 404 itself for a path outside the base URL, forwarding nothing', async () => {
    const before = reached.length;
    for (const path of ['/scim/v2x/Users', '/admin', '/scim/Users']) {
      const answer = await fetch(new URL(path, relayUrl), { headers: { Origin: PAGE, Authorization: `Bearer ${apiKey}` } });
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).toContain('not forwarded');
    }
    expect(reached.length).toBe(before);
  });

  it('gives another origin no CORS headers and forwards nothing for it', async () => {
    const before = reached.length;
    const refused = await create(OTHER);
    expect(refused.status).toBe(403);
    expect([...refused.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const preflight = await fetch(`${relayUrl}/Users`, { method: 'OPTIONS', headers: { Origin: OTHER, 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(reached.length).toBe(before);
  });

  it('follows no redirect, and logs one line per call without the key', async () => {
    const moved = await fetch(`${relayUrl}/Moved`, { headers: { Origin: PAGE, Authorization: `Bearer ${apiKey}` }, redirect: 'manual' });
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('https://elsewhere.example/scim/v2/Users');
    await expect.poll(() => stderr).toMatch(/^GET \/scim\/v2\/Moved 302 \d+ ms$/m);
    expect(stderr).toMatch(/^POST \/scim\/v2\/Users 201 \d+ ms$/m);
    expect(stderr).toMatch(/^GET \/admin 404 \d+ ms$/m);
    expect(stderr).not.toContain(apiKey);
  });
});
