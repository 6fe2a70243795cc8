import express from 'express';
import { listen, type Listening } from '../../listen';
import { accessLog } from './access-log';
import { KEYS_PATH, SCIM_PATH, createSandbox, type SandboxOptions } from './app';
import { sandboxServer } from './connection-limits';

/**
 * The sandbox as `npm run sandbox` runs it: its own keys and store (SANDBOX_* settings from the
 * environment), one log line per request, listening on `port` of `host`.
 */
export async function serveSandbox(port: number, host: string, options: SandboxOptions = {}): Promise<Listening> {
  const sandbox = createSandbox(options);
  try {
    await sandbox.ready();
    const logged = express().disable('x-powered-by').use(accessLog()).use(sandbox);
    const listening = await listen(sandboxServer(logged, sandbox.config), port, host);
    return { ...listening, close: () => listening.close().then(sandbox.closeStore) };
  } catch (error) {
    await sandbox.closeStore();
    throw error;
  }
}

/** What to print once it listens: where its SCIM API is, and how to get a key. */
export function sandboxBanner(origin: string): string[] {
  return [
    `SCIM sandbox listening on ${origin}${SCIM_PATH}`,
    `Get a key: curl -X POST -H 'Content-Type: application/json' -d '{"plan":"free"}' ${origin}${KEYS_PATH}`,
  ];
}
