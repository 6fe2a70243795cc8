import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { SCIM_PATH } from '../../demo/sandbox/paths';
import { createApiKey } from '../../demo/sandbox/key-client';
import type { Plan } from '../../demo/sandbox/keys';

export interface SandboxProcess {
  /** The sandbox's origin with a trailing slash, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  /** The SCIM base URL, e.g. `http://127.0.0.1:41234/scim/v2`. */
  scimUrl: string;
  /** Every access-log line so far (`GET /scim/v2/Schemas 200 1.2 ms`). */
  log: string[];
  /** The process id, to read what the process uses (/proc/{pid}/status). */
  pid: number;
  createApiKey(plan: Plan): Promise<string>;
  close(): Promise<void>;
}

/**
 * `npm run sandbox` in a process of its own, with `env` added: for settings that are process-wide
 * (SANDBOX_USER_EXTENSION, as scimmy's declarations are), which must not reach the other tests.
 */
export async function startSandboxProcess(env: Record<string, string>): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/sandbox/main.ts'], {
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const origin = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const listening = /listening on (\S+?)\/scim\/v2/.exec(line);
      if (listening?.[1]) resolve(listening[1]);
      else log.push(line);
    });
    child.once('exit', (code) => reject(new Error(`The sandbox exited (${code}) before listening: ${errors}`)));
  });
  return {
    url: `${origin}/`,
    scimUrl: `${origin}${SCIM_PATH}`,
    log,
    pid: child.pid ?? 0,
    createApiKey: (plan) => createApiKey(`${origin}/`, plan),
    close: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
