import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SCIM_CONTENT_TYPE, USER_SCHEMA } from '../../../src/scim/protocol';
import type { SendCall } from '../../../src/scim/http/call';
import { sendScim } from '../../../src/scim/http/client';
import { SCIM_PATH, createSandbox, type SandboxOptions } from '../http/app';
import { createApiKey } from '../keys/key-client';
import { sandboxServer } from '../http/connection-limits';
import type { Plan } from '../shared/plan';

export { USER_SCHEMA, ENTERPRISE_USER_SCHEMA as ENTERPRISE_SCHEMA, GROUP_SCHEMA, PATCH_OP_SCHEMA as PATCH_SCHEMA, ERROR_SCHEMA, LIST_RESPONSE_SCHEMA as LIST_SCHEMA } from '../../../src/scim/protocol';

export interface ScimRequest {
  method?: string;
  key?: string;
  /** Sent as JSON; a string is sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RunningSandbox {
  origin: string;
  createKey(plan?: Plan): Promise<string>;
  /** A request to `/scim/v2` + path. */
  scim(path: string, request?: ScimRequest): Promise<Response>;
  close(): Promise<void>;
}

/** Starts a sandbox on a free port. Limits default high so only rate-limit tests meet them. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox({ freeLimit: 1000, proLimit: 1000, maxConnectionsPerAddress: 1000, ...options });
  const server = await listen(sandbox);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    createKey: (plan = 'free') => createApiKey(origin, plan),
    scim(path, { method = 'GET', key, body, headers = {} } = {}) {
      return fetch(`${origin}${SCIM_PATH}${path}`, {
        method,
        headers: {
          Accept: SCIM_CONTENT_TYPE,
          ...(key === undefined ? {} : { Authorization: `Bearer ${key}` }),
          ...(body === undefined ? {} : { 'Content-Type': SCIM_CONTENT_TYPE }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await sandbox.closeStore();
    },
  };
}

/** A fresh sandbox and a Pro key for each test of the calling file. */
export function freshSandboxPerTest(): { readonly sandbox: RunningSandbox; readonly key: string } {
  const current = {} as { sandbox: RunningSandbox; key: string };
  beforeEach(async () => {
    current.sandbox = await startSandbox();
    current.key = await current.sandbox.createKey('pro');
  });
  afterEach(() => current.sandbox.close());
  return current;
}

/**
 * One sandbox and a Pro key for the calling file, and `send`: the element's own client (as a call
 * log's sender) with that key, for running the element's sequences and checks against the sandbox.
 */
export function sandboxForElementCalls(): { readonly sandbox: RunningSandbox; readonly key: string; readonly send: SendCall } {
  const current = {} as { sandbox: RunningSandbox; key: string; send: SendCall };
  beforeAll(async () => {
    current.sandbox = await startSandbox();
    current.key = await current.sandbox.createKey('pro');
    current.send = async (request, purpose) => ({
      purpose,
      ...(await sendScim({ apiKey: current.key, timeoutMs: 5000, signal: new AbortController().signal, ...request })),
    });
  });
  afterAll(() => current.sandbox.close());
  return current;
}

function listen(app: ReturnType<typeof createSandbox>): Promise<Server> {
  const server = sandboxServer(app, app.config);
  return new Promise((resolve, reject) => {
    server.once('error', reject).listen(0, '127.0.0.1', () => resolve(server));
  });
}

export function newUser(userName: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { schemas: [USER_SCHEMA], userName, ...extra };
}
