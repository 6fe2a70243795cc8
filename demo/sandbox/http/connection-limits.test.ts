// @vitest-environment node
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { ERROR_SCHEMA, startSandbox, type RunningSandbox } from '../test-support/test-sandbox';

let sandbox: RunningSandbox | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  sockets.splice(0).forEach((socket) => socket.destroy());
  await sandbox?.close();
});

/** A raw TCP connection to the sandbox, open once it resolves. */
async function open(origin: string): Promise<Socket> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return socket;
}

/** Sends a GET on `socket` and resolves with all it reads until the server closes it, or its first answer. */
function askAndRead(socket: Socket): Promise<string> {
  let read = '';
  socket.on('data', (data) => (read += String(data)));
  socket.write('GET /scim/v2/Users HTTP/1.1\r\nHost: sandbox\r\nConnection: close\r\n\r\n');
  return new Promise((resolve) => socket.once('close', () => resolve(read)));
}

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve())));

describe('S1: the sandbox bounds slow and piled-up connections', () => {
  it('at the defaults, cuts a client that trickles its headers within 20 s of connecting', async () => {
    sandbox = await startSandbox();
    const socket = await open(sandbox.origin);
    const connected = Date.now();
    socket.on('error', () => undefined);
    socket.write('GET /scim/v2/Users HTTP/1.1\r\nHost: sandbox\r\n');
    // One header line every half second, never the blank line that ends them.
    const trickle = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 500);
    try {
      await closed(socket);
    } finally {
      clearInterval(trickle);
    }
    expect(Date.now() - connected).toBeLessThan(20_000);
    expect(DEFAULT_CONFIG.headersTimeoutMs).toBeLessThan(20_000);
  }, 30_000);

  it('holds at most maxConnectionsPerAddress connections from one address, answers each one more 503 with Retry-After, and still serves it once they close', async () => {
    const max = 5;
    sandbox = await startSandbox({ maxConnectionsPerAddress: max });
    const origin = sandbox.origin;
    const held = await Promise.all(Array.from({ length: max }, () => open(origin)));
    const extra = await Promise.all(Array.from({ length: 3 }, () => open(origin)));
    for (const answer of await Promise.all(extra.map(askAndRead))) expect(answer).toMatch(/^HTTP\/1\.1 503 [^]*\r\nretry-after: \d+\r\n/i);
    await Promise.all(extra.map(closed));
    // The ones held are still served.
    expect(await askAndRead(held[0] as Socket)).toMatch(/^HTTP\/1\.1 401 /);
    held.forEach((socket) => socket.destroy());
    await Promise.all(held.map(closed));
    // Once the server has seen them go, a new connection of that address is served.
    const running = sandbox;
    await expect.poll(() => running.scim('/Users').then(({ status }) => status, () => 'refused')).toBe(401);
  });

  it('at the defaults, answers the 65th connection of one address 503 with Retry-After and a SCIM error, then closes it', async () => {
    sandbox = await startSandbox({ maxConnectionsPerAddress: DEFAULT_CONFIG.maxConnectionsPerAddress });
    const origin = sandbox.origin;
    await Promise.all(Array.from({ length: DEFAULT_CONFIG.maxConnectionsPerAddress }, () => open(origin)));
    const sixtyFifth = await open(origin);

    const answer = await askAndRead(sixtyFifth);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(head).toMatch(/\r\nretry-after: \d+(\r\n|$)/i);
    expect(head).toMatch(/\r\ncontent-type: application\/scim\+json/i);
    expect(JSON.parse(body)).toMatchObject({ schemas: [ERROR_SCHEMA], status: '503', detail: expect.stringContaining('64 open connections') });
    await closed(sixtyFifth);
  });
});
