// @vitest-environment node
import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox } from './app';
import { GROUP_SCHEMA, newUser, startSandbox, type RunningSandbox } from '../test-support/test-sandbox';

const ORIGIN = 'https://widget.example';

let sandbox: RunningSandbox;
beforeEach(async () => {
  sandbox = await startSandbox();
});
afterEach(() => sandbox.close());

function preflight(url: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      Origin: ORIGIN,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization,content-type',
    },
  });
}

describe('CORS', () => {
  it.each(['/scim/v2/Users', '/api/keys'])('answers a preflight to %s for any origin, without credentials', async (path) => {
    const response = await preflight(`${sandbox.origin}${path}`);

    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    const allowedHeaders = response.headers.get('Access-Control-Allow-Headers')?.toLowerCase() ?? '';
    expect(allowedHeaders).toContain('authorization');
    expect(allowedHeaders).toContain('content-type');
    expect(response.headers.has('Access-Control-Allow-Credentials')).toBe(false);
  });

  it('answers a Private Network Access preflight, so a public https page may call a sandbox on localhost', async () => {
    const asked = await fetch(`${sandbox.origin}/scim/v2/Users`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Private-Network': 'true' },
    });
    expect(asked.status).toBe(204);
    expect(asked.headers.get('Access-Control-Allow-Private-Network')).toBe('true');
    expect(asked.headers.get('Access-Control-Allow-Origin')).toBe('*');

    const notAsked = await preflight(`${sandbox.origin}/scim/v2/Users`);
    expect(notAsked.headers.has('Access-Control-Allow-Private-Network')).toBe(false);
  });

  it('lets a page on another origin read a 401 and Retry-After', async () => {
    const response = await sandbox.scim('/Users', { headers: { Origin: ORIGIN } });

    expect(response.status).toBe(401);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Expose-Headers')).toContain('Retry-After');
    expect(response.headers.has('Access-Control-Allow-Credentials')).toBe(false);
  });

  it.each(['Users', 'Groups'])('lets a page on another origin read the Location and ETag of a created %s', async (type) => {
    const key = await sandbox.createKey('pro');
    const body = type === 'Users' ? newUser('cors.location') : { schemas: [GROUP_SCHEMA], displayName: 'cors' };
    const response = await sandbox.scim(`/${type}`, { method: 'POST', key, body, headers: { Origin: ORIGIN } });
    const { id } = (await response.json()) as { id: string };

    expect(response.status).toBe(201);
    // Relative, as scimmy's meta.location: HTTP resolves it against the request URL (RFC 9110 §10.2.2).
    expect(new URL(response.headers.get('Location') ?? '', response.url).href).toBe(`${sandbox.origin}/scim/v2/${type}/${id}`);
    const exposed = response.headers.get('Access-Control-Expose-Headers')?.toLowerCase().split(/,\s*/) ?? [];
    expect(exposed).toEqual(expect.arrayContaining(['location', 'etag']));
  });

  it('sends CORS headers on a 400 from the key endpoint', async () => {
    const response = await fetch(`${sandbox.origin}/api/keys`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: '{"plan":"gold"}',
    });

    expect(response.status).toBe(400);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });
});

describe('mounted in a host app', () => {
  it('serves its routes and leaves the host’s other routes alone', async () => {
    const host = express();
    host.use(createSandbox());
    host.get('/health', (_req, res) => {
      res.send('ok');
    });
    const server = host.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    try {
      const health = await fetch(`${origin}/health`, { headers: { Origin: ORIGIN } });
      expect(await health.text()).toBe('ok');
      expect(health.headers.has('Access-Control-Allow-Origin')).toBe(false);

      const keyResponse = await fetch(`${origin}/api/keys`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"plan":"free"}',
      });
      const { key } = (await keyResponse.json()) as { key: string };
      const users = await fetch(`${origin}/scim/v2/Users`, { headers: { Authorization: `Bearer ${key}` } });
      expect(users.status).toBe(200);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
