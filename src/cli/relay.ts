import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { BadInput, httpBaseUrl, type Io } from './io';

// A relay on the reader's own machine for a SCIM server that sends no CORS headers: it listens on
// 127.0.0.1 only, forwards the page's calls under the base URL's path unchanged (no redirect followed),
// and answers CORS (Fetch standard, https://fetch.spec.whatwg.org/#http-cors-protocol) for one origin.

/** The page origin when --origin is not given: Vite's dev server, where `npm start` serves the demo. */
export const DEFAULT_ORIGIN = 'http://localhost:5173';
export const DEFAULT_PORT = 7644;

/** Hop-by-hop headers (RFC 9110 section 7.6.1) and those fetch sets itself: never forwarded either way. */
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'content-length', 'content-encoding']);

const corsHeaders = (origin: string) => ({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': '*', Vary: 'Origin' });

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export interface RelayOptions {
  baseUrl: string;
  origin: string;
  log(line: string): void;
}

async function relayCall(options: RelayOptions, base: URL, request: IncomingMessage, response: ServerResponse): Promise<number> {
  const path = new URL(request.url ?? '/', 'http://relay').pathname;
  const origin = request.headers.origin;
  const allowed = origin === options.origin;
  const cors = allowed ? corsHeaders(options.origin) : {};
  const basePath = base.pathname.replace(/\/+$/, '');
  // Another page's origin gets nothing: no CORS headers, and nothing forwarded for it.
  if (origin !== undefined && !allowed) return void response.writeHead(403, { 'Content-Type': 'text/plain' }).end(`Origin ${origin} is not the relay's page origin\n`), 403;
  if (path !== basePath && !path.startsWith(`${basePath}/`)) return void response.writeHead(404, { ...cors, 'Content-Type': 'text/plain' }).end(`Not under ${basePath || '/'}: not forwarded\n`), 404;
  if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
    const headers = request.headers['access-control-request-headers'];
    response.writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE', ...(headers ? { 'Access-Control-Allow-Headers': headers } : {}), 'Access-Control-Max-Age': '600' }).end();
    return 204;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (!NOT_FORWARDED.has(name) && value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await readBody(request);
  const answer = await fetch(new URL(request.url ?? '/', base.origin), { method: request.method, headers, body, redirect: 'manual' });
  const out: Record<string, string> = { ...cors };
  answer.headers.forEach((value, name) => void (NOT_FORWARDED.has(name) || name.startsWith('access-control-') || (out[name] = value)));
  response.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
  return answer.status;
}

/** Starts the relay on 127.0.0.1 (port 0: any free one); one log line per call, method, path and status, never a header. */
export async function startRelay(options: RelayOptions, port: number): Promise<{ server: Server; url: string }> {
  const base = new URL(options.baseUrl);
  const server = createServer((request, response) => {
    const started = Date.now();
    relayCall(options, base, request, response).then(
      (status) => options.log(`${request.method} ${request.url} ${status} ${Date.now() - started} ms`),
      (error: unknown) => {
        options.log(`${request.method} ${request.url} failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!response.headersSent) response.writeHead(502, { 'Content-Type': 'text/plain' });
        response.end('The relay could not reach the server\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${bound}${base.pathname.replace(/\/+$/, '')}` };
}

/** `scim-generator relay <base-url> [--port N] [--origin URL]`: runs until stopped. */
export async function relay(args: string[], io: Io): Promise<Server> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { port: { type: 'string', default: String(DEFAULT_PORT) }, origin: { type: 'string', default: DEFAULT_ORIGIN } } });
  if (positionals.length !== 1) throw new BadInput('relay takes one base URL, e.g. scim-generator relay https://example.com/scim/v2');
  const baseUrl = httpBaseUrl(positionals[0] as string);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new BadInput(`Invalid --port "${values.port}": give a port number from 0 to 65535`);
  let origin: string;
  try {
    origin = new URL(values.origin).origin;
  } catch {
    throw new BadInput(`Invalid --origin "${values.origin}": give the page's origin, such as ${DEFAULT_ORIGIN}`);
  }
  const { server, url } = await startRelay({ baseUrl, origin, log: (line) => io.stderr(`${line}\n`) }, port);
  io.stdout(`Relaying ${url} to ${baseUrl} for pages on ${origin}\nSet the element's base-url to ${url}\n`);
  return server;
}
