import express from 'express';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer as createViteServer } from 'vite';
import { OWN_SERVER_PAGE, PAGE_PATHS } from './pages';
import { PLANS_PATH, type PlanLimits } from './plans';
import { accessLog } from './sandbox/http/access-log';
import { KEYS_PATH, SCIM_PATH, createSandbox, type SandboxOptions } from './sandbox/http/app';
import { sandboxServer } from './sandbox/http/connection-limits';
import { DEMO_DATABASE, portFromEnv, resolveConfig, resolveDatabase } from './sandbox/config';

export interface DemoServerOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  sandbox?: SandboxOptions;
  /**
   * Log one line per request: `sandbox`, those of the SCIM API, the key route and the plans (what
   * `npm start` logs); `all`, the page and every module Vite serves too (`DEBUG=1 npm start`).
   */
  logRequests?: 'sandbox' | 'all' | false;
  /**
   * Where Vite keeps the dependencies it pre-bundles; node_modules/.vite by default. Servers that
   * share one, started at once, replace each other's files there (e2e/support/demo-server.ts).
   */
  viteCacheDir?: string;
}

export interface DemoServer {
  /** Origin with a trailing slash, e.g. `http://localhost:5173/`. */
  url: string;
  close(): Promise<void>;
}

const demoRoot = fileURLToPath(new URL('.', import.meta.url));
const viteConfigFile = fileURLToPath(new URL('../vite.config.ts', import.meta.url));

/**
 * One process: the sandbox SCIM provider, and the demo pages through Vite in middleware mode,
 * so the pages import the element from its TypeScript source with no build step.
 */
export async function startDemoServer({ port, host = 'localhost', sandbox = {}, logRequests = false, viteCacheDir }: DemoServerOptions): Promise<DemoServer> {
  // Bad limits (options or SANDBOX_* variables) throw here, before anything listens.
  const { freeLimit, proLimit, windowMs } = resolveConfig(sandbox);
  const limits: PlanLimits = { free: freeLimit, pro: proLimit, windowMs };
  const app = express();
  app.disable('x-powered-by');
  if (logRequests === 'all') app.use(accessLog());
  if (logRequests === 'sandbox') app.use([SCIM_PATH, KEYS_PATH, PLANS_PATH], accessLog());
  const scimSandbox = createSandbox(sandbox);
  try {
    await scimSandbox.ready();
  } catch (error) {
    await scimSandbox.closeStore();
    throw error;
  }
  app.use(scimSandbox);
  app.get(PLANS_PATH, (_req, res) => {
    res.json(limits);
  });

  // The sandbox's connection limits hold for the whole demo server, which serves it.
  const httpServer = sandboxServer(app, scimSandbox.config);
  const vite = await createViteServer({
    configFile: viteConfigFile,
    root: demoRoot,
    appType: 'custom',
    cacheDir: viteCacheDir,
    server: { middlewareMode: true, hmr: { server: httpServer } },
    logLevel: 'warn',
  });
  app.use(vite.middlewares);
  app.get([...PAGE_PATHS, OWN_SERVER_PAGE], async (req, res, next) => {
    try {
      const html = await readFile(`${demoRoot}${req.path === OWN_SERVER_PAGE ? OWN_SERVER_PAGE.slice(1) : 'index.html'}`, 'utf8');
      res.type('html').send(await vite.transformIndexHtml(req.originalUrl, html));
    } catch (error) {
      next(error);
    }
  });

  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject).listen(port, host, resolve);
    });
  } catch (error) {
    await vite.close();
    await scimSandbox.closeStore();
    throw error;
  }
  const { port: boundPort } = httpServer.address() as AddressInfo;
  return {
    url: `http://${host}:${boundPort}/`,
    close: async () => {
      await vite.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await scimSandbox.closeStore();
    },
  };
}

async function main(): Promise<void> {
  const server = await startDemoServer({
    port: portFromEnv(5173),
    host: process.env.HOST,
    logRequests: process.env.DEBUG ? 'all' : 'sandbox',
    sandbox: { database: resolveDatabase({}, process.env, DEMO_DATABASE) },
  });
  console.log(`scim-generator demo: ${server.url}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop).once('SIGTERM', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
