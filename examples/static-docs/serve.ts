import express from 'express';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { listen, type Listening } from '../../demo/listen';
import { EXAMPLE_DATABASE, portFromEnv, resolveDatabase } from '../../demo/sandbox/config';
import { sandboxBanner, serveSandbox } from '../../demo/sandbox/http/serve';
import { buildDistIfStale } from '../../scripts/fresh-dist';

// `npm run example`: the sandbox SCIM provider on one port, and the docs page on another, so the
// page's calls to the SCIM API cross origins (and need CORS) as they do from a real docs site.

export const PAGE_PORT_VARIABLE = 'EXAMPLE_PAGE_PORT';
export const SANDBOX_PORT_VARIABLE = 'EXAMPLE_SANDBOX_PORT';
/** The line that tells where the page is; the test waits for it. */
export const PAGE_LINE_START = 'Docs page: ';

/** Where the page's script tag expects the contents of dist/, as a site would copy it. */
const ASSETS_PATH = '/assets/scim-generator';
const PAGE_FILE = fileURLToPath(new URL('index.html', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

/**
 * The page as written, except that the origin its `base-url` names becomes the sandbox's actual
 * one (its port can be changed). Read at each request, so edits show on reload.
 */
async function pageFor(sandboxOrigin: string): Promise<string> {
  const html = await readFile(PAGE_FILE, 'utf8');
  const baseUrl = /\bbase-url="([^"]+)"/.exec(html)?.[1];
  if (!baseUrl) throw new Error(`${PAGE_FILE} has no <scim-generator base-url="…">`);
  return html.replaceAll(new URL(baseUrl).origin, sandboxOrigin);
}

function servePage(sandboxOrigin: string, port: number, host: string): Promise<Listening> {
  const app = express().disable('x-powered-by');
  app.use(ASSETS_PATH, express.static(DIST));
  app.get(['/', '/index.html'], async (_req, res, next) => {
    try {
      res.type('html').send(await pageFor(sandboxOrigin));
    } catch (error) {
      next(error);
    }
  });
  return listen(app, port, host);
}

/** Names the variable to change when a port is taken. */
async function listenOrExplain(variable: string, port: number, start: () => Promise<Listening>): Promise<Listening> {
  try {
    return await start();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new Error(`Port ${port} is in use: set ${variable} to another (0 picks a free one).`, { cause: error });
  }
}

async function main(): Promise<void> {
  const host = process.env.HOST ?? 'localhost';
  const sandboxPort = portFromEnv(8787, process.env, SANDBOX_PORT_VARIABLE);
  const pagePort = portFromEnv(8080, process.env, PAGE_PORT_VARIABLE);
  await buildDistIfStale(console.log);

  const sandbox = await listenOrExplain(SANDBOX_PORT_VARIABLE, sandboxPort, () => serveSandbox(sandboxPort, host, { database: resolveDatabase({}, process.env, EXAMPLE_DATABASE) }));
  const page = await listenOrExplain(PAGE_PORT_VARIABLE, pagePort, () => servePage(sandbox.origin, pagePort, host)).catch(
    async (error: unknown) => {
      await sandbox.close();
      throw error;
    },
  );
  for (const line of sandboxBanner(sandbox.origin)) console.log(line);
  console.log(`${PAGE_LINE_START}${page.origin}/ (another origin than the sandbox: its calls need CORS, as on a real docs site)`);
  console.log('Paste the key in the page’s form, then press Generate. Ctrl-C stops both.');

  const stop = () => void Promise.all([page.close(), sandbox.close()]).then(() => process.exit(0));
  process.once('SIGINT', stop).once('SIGTERM', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
