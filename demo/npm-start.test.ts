// @vitest-environment node
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer().once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('npm start', () => {
  it('logs one line per sandbox request, none for the page, without the key or query, and frees its port within 2 s of SIGTERM', async () => {
    const port = await freePort();
    const child = spawn('npm', ['start'], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const secret = 'sb-keys-secret-token-0123456789';
    try {
      await expect.poll(() => output, { timeout: 30_000, interval: 200 }).toContain(`http://127.0.0.1:${port}/`);
      // The page and its modules are not logged: only the sandbox's requests are (DEBUG=1 logs all).
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      const response = await fetch(`http://127.0.0.1:${port}/scim/v2/Users?filter=${secret}`, { headers: { Authorization: `Bearer ${secret}` } });
      expect(response.status).toBe(401);
      await expect.poll(() => output, { timeout: 30_000 }).toMatch(/^GET \/scim\/v2\/Users 401 \d+\.\d ms$/m);
      expect(output).not.toMatch(/^GET \/ /m);
    } finally {
      child.kill('SIGTERM');
    }
    const stopped = Date.now();
    await expect.poll(() => portIsFree(port), { timeout: 30_000, interval: 100 }).toBe(true);
    expect(Date.now() - stopped).toBeLessThan(2_000);
    expect(output).not.toContain(secret);
  }, 60_000);
});
