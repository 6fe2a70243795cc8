import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { requireTool } from '../../scripts/debian-tools';
import { startServerWhenReady } from '../../test/support/server-process';

const run = promisify(execFile);

export interface MariaDb {
  /** The Unix socket it listens on (it opens no TCP port). */
  socket: string;
  /** Shuts it down; its files stay in the folder it was given. */
  stop(): Promise<void>;
}

/**
 * A MariaDB of its own in `dir` (data folder and socket), with an empty database `database` that
 * `root` reaches over the socket without a password. Nothing read from /etc (`--no-defaults`).
 */
export async function startMariaDb(dir: string, database: string): Promise<MariaDb> {
  const datadir = join(dir, 'mariadb');
  const socket = join(dir, 'mariadb.sock');
  // Run as root, mariadbd refuses to start without being told to stay root.
  const asUser = process.getuid?.() === 0 ? ['--user=root'] : [];
  // Its redo log is 96 MB by default: a test's few tables need far less.
  const common = ['--no-defaults', `--datadir=${datadir}`, '--innodb-log-file-size=8M', ...asUser];

  await run(requireTool('mariadb-install-db'), [
    ...common,
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
    '--skip-name-resolve',
  ]);
  const server = await startServerWhenReady(
    requireTool('mariadbd'),
    [...common, `--socket=${socket}`, '--skip-networking', '--innodb-buffer-pool-size=16M'],
    /ready for connections/,
  );
  try {
    await run(requireTool('mariadb'), ['--no-defaults', `--socket=${socket}`, '--user=root', '-e', `CREATE DATABASE \`${database}\``]);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { socket, stop: async () => void (await server.stop()) };
}
