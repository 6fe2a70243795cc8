import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { SCIM_CONTENT_TYPE } from '../../../src/scim/protocol';
import type { SandboxConfig } from '../config';
import { RETRY_AFTER_SECONDS, scimErrorBody } from '../scim/scim-error';

type ConnectionLimits = Pick<SandboxConfig, 'headersTimeoutMs' | 'requestTimeoutMs' | 'maxConnectionsPerAddress'>;

// How often Node looks for requests past their time; its default, 30 s, would let a slow client stay twice as long.
const CHECK_EVERY_MS = 1000;
// How long a connection past its address's cap has to send the request that its 503 answers; one that sends none is closed.
const OVER_CAP_GRACE_MS = 2000;

/**
 * The HTTP server the sandbox is served by: a request's headers and its whole body each have a
 * time limit, and one client address holds at most `maxConnectionsPerAddress` connections, so slow
 * or idle sockets cannot pile up. One more is not served: its request is answered 503 with
 * Retry-After and the connection closed, so that the client learns why rather than meeting a reset.
 */
export function sandboxServer(app: RequestListener, limits: ConnectionLimits): Server {
  const overCap = new WeakSet<Socket>();
  const server = createServer(
    { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: CHECK_EVERY_MS },
    (req, res) => (overCap.has(req.socket) ? refuse(res, limits.maxConnectionsPerAddress) : app(req, res)),
  );
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      overCap.add(socket);
      socket.setTimeout(OVER_CAP_GRACE_MS, () => socket.destroy());
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

/** RFC 9110 §15.6.4: 503 with Retry-After, and `Connection: close` (RFC 9112 §9.6) to end the connection once answered. */
function refuse(res: ServerResponse, max: number): void {
  const detail = `This address holds its maximum of ${max} open connections to the sandbox; close some, or try again in ${RETRY_AFTER_SECONDS} s`;
  const body = JSON.stringify(scimErrorBody(503, detail));
  res.writeHead(503, { 'Content-Type': SCIM_CONTENT_TYPE, 'Content-Length': Buffer.byteLength(body), 'Retry-After': String(RETRY_AFTER_SECONDS), Connection: 'close' });
  res.end(body);
}
