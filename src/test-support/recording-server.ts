import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';

/** One request as it reached the server: the request target as sent, header names in lower case, the body's bytes. */
export interface Received {
  method: string;
  target: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** An HTTP server on a free port of 127.0.0.1 that keeps every request it receives and answers 201 with a SCIM body. */
export async function recordingServer(): Promise<{ origin: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', target: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201, { 'Content-Type': 'application/scim+json' }).end('{"id":"r-1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Runs `script` fed on standard input to `command` (`sh -s`, `node -`, `python3 -`), with only
 * PATH and `env` set; resolves with its output, rejects with its error output when it fails.
 * Asynchronous, so that a server in this very process can answer it.
 */
export function runScript(command: string, args: string[], script: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command} exited ${code}: ${stderr}`))));
    child.stdin.end(script);
  });
}
