import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../demo/server';

/**
 * The server `npm start` runs, on a free port of 127.0.0.1 unless told otherwise, with a Vite cache
 * of its own, removed when it closes. Servers that share node_modules/.vite, started at once by
 * parallel tests of a fresh clone, replace each other's pre-bundled dependencies, and a page may then
 * never get the element's modules: once, in CI, the demo's button never appeared.
 */
export async function startTestDemoServer(options: Partial<Omit<DemoServerOptions, 'viteCacheDir'>> = {}): Promise<DemoServer> {
  const viteCacheDir = await mkdtemp(join(tmpdir(), 'scim-demo-vite-'));
  const removeCache = () => rm(viteCacheDir, { recursive: true, force: true });
  try {
    const server = await startDemoServer({ port: 0, host: '127.0.0.1', ...options, viteCacheDir });
    return {
      url: server.url,
      close: async () => {
        await server.close();
        await removeCache();
      },
    };
  } catch (error) {
    await removeCache();
    throw error;
  }
}
