import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  /** The match of `ready` in the line that announced the server ready. */
  ready: RegExpExecArray;
  /** Its output so far, both streams, for error messages. */
  output(): string;
  /** Ends it with SIGTERM and waits until it has exited. */
  stop(): Promise<void>;
}

/**
 * Runs `fn` if this process exits before the returned function is called: the last chance to end
 * what a test started (the 'exit' event allows synchronous work only). Returns the canceller.
 */
export function onProcessExit(fn: () => void): () => void {
  process.on('exit', fn);
  return () => void process.off('exit', fn);
}

/**
 * Starts a server program (e.g. MariaDB, PHP's built-in server) and resolves once a line of its
 * output matches `ready`; rejects with its output when it exits first. If this process exits
 * without `stop()`, the server is killed with it.
 */
export async function startServerProcess(
  command: string,
  args: string[],
  ready: RegExp,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ServerProcess> {
  // In a process group of its own, ended as a whole: PHP's server forks workers
  // (PHP_CLI_SERVER_WORKERS) that would outlive their parent.
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // The group has ended already.
    }
  };
  const cancelExitKill = onProcessExit(() => signalGroup('SIGKILL'));
  const lines: string[] = [];
  const output = () => lines.join('\n');
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('exit', (code, signal) => resolve([code, signal])),
  );

  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        const found = ready.exec(line);
        if (found) resolve(found);
      });
    }
    child.once('error', reject);
    void exited.then(([code, signal]) => reject(new Error(`${command} exited (${code ?? signal}) before it was ready:\n${output()}`)));
  }).catch((error: unknown) => {
    cancelExitKill();
    signalGroup('SIGKILL');
    throw error;
  });

  return {
    ready: match,
    output,
    async stop() {
      cancelExitKill();
      if (child.exitCode !== null || child.signalCode !== null) return;
      signalGroup('SIGTERM');
      await exited;
    },
  };
}
