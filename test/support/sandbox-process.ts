import { SCIM_PATH } from '../../demo/sandbox/shared/paths';
import { createApiKey } from '../../demo/sandbox/keys/key-client';
import type { Plan } from '../../demo/sandbox/shared/plan';
import { startServerProcess } from './server-process';

export interface SandboxProcess {
  /** The sandbox's origin with a trailing slash, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  /** The SCIM base URL, e.g. `http://127.0.0.1:41234/scim/v2`. */
  scimUrl: string;
  /** Every line it printed so far, among them its access log (`GET /scim/v2/Schemas 200 1.2 ms`). */
  log: string[];
  /** The process id, to read what the process uses (/proc/{pid}/status). */
  pid: number;
  createApiKey(plan: Plan): Promise<string>;
  close(): Promise<void>;
}

/** The line the sandbox prints once it listens; its first group is the sandbox's origin. */
export const SANDBOX_LISTENING = /listening on (\S+?)\/scim\/v2/;

/**
 * `npm run sandbox` in a process of its own, with `env` added: for settings that are process-wide
 * (SANDBOX_USER_EXTENSION, as scimmy's declarations are), which must not reach the other tests.
 */
export async function startSandboxProcess(env: Record<string, string>): Promise<SandboxProcess> {
  const sandbox = startServerProcess(process.execPath, ['--import', 'tsx', 'demo/sandbox/main.ts'], {
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
  });
  const [, origin] = await sandbox.waitForLine(SANDBOX_LISTENING);
  return {
    url: `${origin}/`,
    scimUrl: `${origin}${SCIM_PATH}`,
    log: sandbox.lines,
    pid: sandbox.pid,
    createApiKey: (plan) => createApiKey(`${origin}/`, plan),
    close: async () => void (await sandbox.stop()),
  };
}
