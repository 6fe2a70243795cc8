import express from 'express';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { selfSignedCertificate } from '../../test/support/certificate';
import { listen as listenOn } from '../../demo/listen';

export interface RunningServer {
  /** Origin with a trailing slash, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  close(): Promise<void>;
}

/** Listens on a free loopback port; `close()` also drops keep-alive connections. */
export async function listen(app: express.Express, host = '127.0.0.1'): Promise<RunningServer> {
  const { origin, close } = await listenOn(app, 0, host);
  return { url: `${origin}/`, close };
}

/** The same over https, with a self-signed certificate for 127.0.0.1: the browser must ignore certificate errors. */
export async function listenSecure(app: express.Express): Promise<RunningServer> {
  const server = createServer(selfSignedCertificate(), app);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/**
 * Serves the built bundles under `/dist/` and the static test pages of `e2e/fixtures` at `/`,
 * the way a docs site would: plain files, no build step. Mount a SCIM API on the same app.
 */
export function bundleSite(): express.Express {
  const app = express();
  app.use('/dist', express.static(root('dist')));
  app.use(express.static(root('e2e/fixtures')));
  return app;
}
