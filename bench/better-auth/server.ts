import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { scim } from '@better-auth/scim';
import { getAuthTables } from '@better-auth/core/db';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { memoryAdapter } from 'better-auth/adapters/memory';
import { toNodeHandler } from 'better-auth/node';

/** One SCIM connection of the server: its bearer token is what the element's key would be. */
export interface Connection {
  id: string;
  token: string;
}

export interface BetterAuthScim {
  /** The SCIM base URL, as `base-url` would name it: `http://127.0.0.1:{port}/api/auth/scim/v2`. */
  baseUrl: string;
  close(): Promise<void>;
}

export interface ServerOptions {
  connections: readonly Connection[];
  /** The plugin's one documented Entra switch: accept Entra's classic Group schema URN on `POST /Groups`. */
  acceptEntraGroupSchema?: boolean;
}

/**
 * Better Auth with its SCIM plugin, the way the plugin's docs set it up (better-auth.com/docs/plugins/scim,
 * "Configure a connection"): a code-defined connection per profile with a static bearer credential
 * (every scope by default), each connection its own provisioning domain, so the profiles' resources
 * never meet. The data lives in Better Auth's memory adapter, which has the native interactive
 * transactions the plugin requires; its tables are the ones Better Auth and the plugin declare.
 */
export async function startBetterAuth({ connections, acceptEntraGroupSchema = false }: ServerOptions): Promise<BetterAuthScim> {
  // Listening first gives the port, which Better Auth needs as its baseURL (the resources' meta.location).
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const options = {
    baseURL: origin,
    // A fixed secret is fine for a loopback server that lives for one run.
    secret: 'scim-generator-bench-better-auth-secret-0123456789',
    telemetry: { enabled: false },
    logger: { disabled: true },
    plugins: [
      scim({
        connections: connections.map(({ id, token }) => ({ id, credentials: [{ type: 'bearer', id: `${id}-token`, token }] })),
        ...(acceptEntraGroupSchema ? { compatibility: { microsoftEntra: { acceptLegacyGroupSchema: true } } } : {}),
      }),
    ],
  } satisfies BetterAuthOptions;
  const tables = Object.fromEntries(Object.values(getAuthTables(options)).map(({ modelName }) => [modelName, [] as Record<string, unknown>[]]));
  const auth = betterAuth({ ...options, database: memoryAdapter(tables) });
  server.on('request', toNodeHandler(auth));

  return {
    baseUrl: `${origin}/api/auth/scim/v2`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
