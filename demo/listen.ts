import { createServer, Server, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  /** e.g. `http://localhost:8787`, with the port actually bound (`port` 0 picks a free one). */
  origin: string;
  /**
   * Stops listening and drops every connection, keep-alive ones included (a browser or a client
   * polling on one would otherwise keep the server open), so the port is free at once.
   */
  close(): Promise<void>;
}

/** Serves `app` (or a server made for it) on `port` of `host`; rejects when the port is taken (`EADDRINUSE`) or cannot be bound. */
export async function listen(app: RequestListener | Server, port: number, host: string): Promise<Listening> {
  const server = app instanceof Server ? app : createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject).listen(port, host, resolve);
  });
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
