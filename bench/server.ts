import { createSecureServer } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIST_RESPONSE_SCHEMA } from '../src/scim/protocol.ts';
import { BIG_BODY_SHAPES, bigBody, type BigBodyShape } from '../test/support/big-bodies.ts';
import type { Certificate } from '../test/support/certificate.ts';
import { builtElementChunk } from '../build/element-chunk.ts';

export type Protocol = 'HTTP/1.1' | 'HTTP/2';

export interface BenchServer {
  /** e.g. `https://127.0.0.1:41234` */
  origin: string;
  close(): Promise<void>;
}

/** What the handler needs of a request or response; node's HTTP/1.1 and HTTP/2 compat objects both fit. */
type Request = AsyncIterable<Buffer> & { method?: string; url?: string };
interface Response {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string | Buffer): unknown;
}

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript', '.map': 'application/json' };
const SCIM_PATH = /^\/latency\/(\d+)\/scim\/v2\/(Users|Groups)$/;
const BIG_BODY_PATH = /^\/big\/([a-z-]+)\/scim\/v2\/Users$/;

/** The docs page: the ES module build and one element (of `profile`, else the default) whose API answers after `latencyMs`. */
export function pageUrl(origin: string, latencyMs: number, profile?: string): string {
  return `${origin}/?latency=${latencyMs}${profile ? `&profile=${profile}` : ''}`;
}

/** The docs page with an element whose every POST is answered at once with a body of `shape`, just under the 256 KB cut. */
export function bigBodyPageUrl(origin: string, shape: BigBodyShape): string {
  return `${origin}/?big=${shape}`;
}

/**
 * The ways to load the element the bench compares: one file (the element's chunk as the page's
 * script: it defines the tag at once and holds what the ES entry held before it became a loader),
 * the loader, and the define entry with a preload hint of the element's chunk (a page sure to hold it).
 */
export const ENTRY_SCRIPTS = ['eager', 'loader', 'define'] as const;
export type EntryScript = (typeof ENTRY_SCRIPTS)[number];
// The element's chunk is named by its content, so it is looked up in the build the bench serves.
const elementChunk = () => builtElementChunk(distDir);
const entryFile = (entry: EntryScript) => ({ eager: elementChunk, loader: () => 'scim-generator.js', define: () => 'scim-generator-define.js' })[entry]();

/** A page loading `entry`, every package file answered after `fileLatencyMs`; with one element or none. */
export function entryPageUrl(origin: string, entry: EntryScript, withElement: boolean, fileLatencyMs: number): string {
  return `${origin}/entry?script=${entry}&element=${withElement ? 1 : 0}&files=${fileLatencyMs}`;
}

function entryPage(entry: EntryScript, withElement: boolean, fileLatencyMs: number): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>scim-generator bench: ${entry}</title>${entry === 'define' ? `\n    <link rel="modulepreload" href="/files/${fileLatencyMs}/dist/${elementChunk()}" />` : ''}
    <script type="module" src="/files/${fileLatencyMs}/dist/${entryFile(entry)}"></script>
  </head>
  <body>
    <p>A docs page.</p>${withElement ? '\n    <scim-generator resource-type="Users" base-url="/latency/0/scim/v2"></scim-generator>' : ''}
  </body>
</html>`;
}

function page(basePath: string, profile: string | null): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>scim-generator bench</title>
    <script type="module" src="/dist/scim-generator.js"></script>
  </head>
  <body>
    <scim-generator resource-type="Users" base-url="${basePath}"${profile ? ` profile="${profile}"` : ''}></scim-generator>
  </body>
</html>`;
}

async function handle(request: Request, response: Response): Promise<void> {
  const url = new URL(request.url ?? '/', 'https://bench.invalid');
  const scim = SCIM_PATH.exec(url.pathname);
  if (request.method === 'POST' && scim) {
    let body = '';
    for await (const chunk of request) body += chunk.toString('utf8');
    await new Promise((done) => setTimeout(done, Number(scim[1])));
    const created = { ...(JSON.parse(body) as object), id: crypto.randomUUID() };
    response.writeHead(201, { 'Content-Type': 'application/scim+json' });
    response.end(JSON.stringify(created));
    return;
  }
  const big = BIG_BODY_PATH.exec(url.pathname);
  if (request.method === 'POST' && big && BIG_BODY_SHAPES.includes(big[1] as BigBodyShape)) {
    let body = '';
    for await (const chunk of request) body += chunk.toString('utf8');
    response.writeHead(201, { 'Content-Type': 'application/scim+json' });
    response.end(bigBody(big[1] as BigBodyShape, { ...(JSON.parse(body) as object), id: crypto.randomUUID() }));
    return;
  }
  if (request.method === 'GET' && scim) {
    // An IdP's lookup: nothing matches, so its POST follows.
    await new Promise((done) => setTimeout(done, Number(scim[1])));
    response.writeHead(200, { 'Content-Type': 'application/scim+json' });
    response.end(JSON.stringify({ schemas: [LIST_RESPONSE_SCHEMA], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] }));
    return;
  }
  if (request.method === 'GET' && url.pathname === '/') {
    const profile = url.searchParams.get('profile');
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    const shape = url.searchParams.get('big');
    const basePath = shape && /^[a-z-]+$/.test(shape) ? `/big/${shape}/scim/v2` : `/latency/${Number(url.searchParams.get('latency') ?? 0)}/scim/v2`;
    response.end(page(basePath, profile && /^[a-z]+$/.test(profile) ? profile : null));
    return;
  }
  if (request.method === 'GET' && url.pathname === '/entry') {
    const entry = ENTRY_SCRIPTS.find((name) => name === url.searchParams.get('script')) ?? 'loader';
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(entryPage(entry, url.searchParams.get('element') === '1', Number(url.searchParams.get('files') ?? 0)));
    return;
  }
  // A package file answered after a delay: each file the page waits for costs a round trip.
  const delayed = /^\/files\/(\d+)(\/dist\/.*)$/.exec(url.pathname);
  if (delayed) await new Promise((done) => setTimeout(done, Number(delayed[1])));
  const distPath = delayed?.[2] ?? url.pathname;
  const file = resolve(distDir, `.${distPath.replace(/^\/dist/, '')}`);
  if (request.method === 'GET' && distPath.startsWith('/dist/') && file.startsWith(distDir.replace(/[\\/]$/, sep))) {
    try {
      const content = await readFile(file);
      response.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(content);
      return;
    } catch {
      // falls through to 404
    }
  }
  response.writeHead(404, { 'Content-Type': 'text/plain' });
  response.end('Not found');
}

/**
 * Serves the bench page, the built bundles and a SCIM endpoint of fixed latency over TLS on a free
 * loopback port: HTTP/1.1 only, or HTTP/2 only (negotiated by ALPN), with the same handler.
 */
export async function startBenchServer(protocol: Protocol, certificate: Certificate): Promise<BenchServer> {
  const onRequest = (request: Request, response: Response) => void handle(request, response);
  const server =
    protocol === 'HTTP/2' ? createSecureServer(certificate, onRequest) : createHttpsServer(certificate, onRequest);
  server.listen(0, '127.0.0.1');
  await new Promise<void>((ready, fail) => server.once('listening', ready).once('error', fail));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((closed) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
