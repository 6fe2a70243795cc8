import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { SandboxConfig } from '../config';

type ConnectionLimits = Pick<SandboxConfig, 'headersTimeoutMs' | 'requestTimeoutMs' | 'maxConnectionsPerAddress'>;

// How often Node looks for requests past their time; its default, 30 s, would let a slow client stay twice as long.
const CHECK_EVERY_MS = 1000;

/**
 * The HTTP server the sandbox is served by: a request's headers and its whole body each have a
 * time limit, and one client address holds at most `maxConnectionsPerAddress` connections (one
 * more is closed before it sends anything), so slow or idle sockets cannot pile up.
 */
export function sandboxServer(app: RequestListener, limits: ConnectionLimits): Server {
  const server = createServer(
    { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: CHECK_EVERY_MS },
    app,
  );
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return server;
}
