import { requireTool } from '../../scripts/debian-tools';
import { freePort } from './free-port';
import { startServerWhenReady } from './server-process';

export interface RedisServer {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  /** Stops the server by its pid. */
  stop(): Promise<void>;
}

/**
 * A Redis server of its own on `port` of 127.0.0.1 (a free one unless given: a test that brings a
 * Redis back passes the port of the one it stopped), keeping nothing on disk. Throws saying what to
 * install when Redis is missing: such a test fails, it does not skip.
 */
export async function startRedisServer(port?: number): Promise<RedisServer> {
  port ??= await freePort();
  const server = await startServerWhenReady(
    requireTool('redis-server'),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    /Ready to accept connections/,
  );
  return { url: `redis://127.0.0.1:${port}`, stop: async () => void (await server.stop()) };
}
