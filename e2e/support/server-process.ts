import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  /** Every line it has printed so far, stdout and stderr. */
  lines: string[];
  /** Resolves with the match of the first line (printed so far or later) that matches `pattern`; rejects if it exits first. */
  waitForLine(pattern: RegExp): Promise<RegExpExecArray>;
  /** Sends SIGTERM (unless it has exited) and resolves with its exit code once it has. */
  stop(): Promise<number | null>;
}

/** Starts `command` from the repository's folder, with `env` added to this process's environment. */
export function startServerProcess(command: string, args: string[], env: Record<string, string>): ServerProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      for (const check of waiters) check();
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // So that a process killed by a test's timeout does not outlive the test run.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  return {
    lines,
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
        void exited.then((code) => reject(new Error(`${command} ${args.join(' ')} exited (${code}) before printing ${pattern}:\n${lines.join('\n')}`)));
      }),
    stop: () => {
      process.off('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
