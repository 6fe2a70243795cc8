import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  /** The process id, to read what the process uses (/proc/{pid}/status); 0 if it did not start. */
  pid: number;
  /** Every line it has printed so far, stdout and stderr. */
  lines: string[];
  /** Its output so far, both streams, for error messages. */
  output(): string;
  /** Resolves with the match of the first line (printed so far or later) that matches `pattern`; rejects if it exits first. */
  waitForLine(pattern: RegExp): Promise<RegExpExecArray>;
  /** Sends `signal`, SIGTERM unless told (unless it has exited), and resolves with its exit code once it has. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ServerProcessOptions {
  /** Added to this process's environment. */
  env?: Record<string, string>;
  /**
   * Runs it in a process group of its own, signalled as a whole: for servers that fork workers
   * (PHP_CLI_SERVER_WORKERS) that would outlive their parent.
   */
  group?: boolean;
  /** Runs it as this user (this process must be root): for servers that refuse to run as root. */
  user?: { uid: number; gid: number };
}

/**
 * Runs `fn` if this process exits before the returned function is called: the last chance to end
 * what a test started (the 'exit' event allows synchronous work only). Returns the canceller.
 */
export function onProcessExit(fn: () => void): () => void {
  process.on('exit', fn);
  return () => void process.off('exit', fn);
}

/** Starts `command` from the repository's folder; killed with this process if it is not stopped first. */
export function startServerProcess(command: string, args: string[], { env = {}, group = false, user }: ServerProcessOptions = {}): ServerProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: group, ...user });
  const signal = (name: NodeJS.Signals) => {
    try {
      if (group && child.pid) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // It has ended already.
    }
  };
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      for (const check of waiters) check();
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const startFailed = new Promise<Error>((resolve) => child.once('error', resolve));
  // So that a process left by a test's timeout does not outlive the test run.
  const cancelExitKill = onProcessExit(() => signal('SIGKILL'));
  const output = () => lines.join('\n');

  return {
    pid: child.pid ?? 0,
    lines,
    output,
    waitForLine: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = lines.map((line) => pattern.exec(line)).find((found) => found !== null);
          if (!match) return;
          waiters.delete(check);
          resolve(match);
        };
        waiters.add(check);
        check();
        void startFailed.then(reject);
        void exited.then((code) => reject(new Error(`${command} ${args.join(' ')} exited (${code}) before printing ${pattern}:\n${output()}`)));
      }),
    stop: (name = 'SIGTERM') => {
      cancelExitKill();
      if (child.exitCode === null && child.signalCode === null) signal(name);
      return exited;
    },
  };
}

/** Starts a server and resolves once a line matches `ready` (with that match); stops it if it fails first. */
export async function startServerWhenReady(
  command: string,
  args: string[],
  ready: RegExp,
  options?: ServerProcessOptions,
): Promise<ServerProcess & { ready: RegExpExecArray }> {
  const server = startServerProcess(command, args, options);
  try {
    return { ...server, ready: await server.waitForLine(ready) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
