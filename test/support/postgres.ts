import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { requireTool } from '../../scripts/debian-tools';
import { freePort } from './free-port';
import { startServerWhenReady } from './server-process';

const run = promisify(execFile);

export interface PostgresCluster {
  /** `postgres://sandbox@127.0.0.1:<port>/postgres`: the cluster's first database, its user the owner, reached without a password. */
  url: string;
  /**
   * Stops the server by its pid with a fast shutdown (SIGINT: every session is ended with 57P01, as in a
   * failover), waits `downMs`, and starts it again on the same data and port; resolves once it accepts connections.
   */
  restart(downMs: number): Promise<void>;
  /** Stops the server by its pid and deletes its folder. */
  stop(): Promise<void>;
}

/** PostgreSQL refuses to run as root: as root, it runs as Debian's `postgres` user (made by the postgresql package). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entry = readFileSync('/etc/passwd', 'utf8').split('\n').find((line) => line.startsWith('postgres:'));
  const [, , uid, gid] = (entry ?? '').split(':');
  if (!uid || !gid) throw new Error("No user postgres to run PostgreSQL as: install Debian's postgresql (`apt-get install -y postgresql`)");
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * A PostgreSQL cluster of its own: `initdb` in a temporary folder, its server on a free port of
 * 127.0.0.1 (its socket in that folder too), made for tests and fast rather than safe (no fsync).
 * Throws saying what to install when PostgreSQL is missing: such a test fails, it does not skip.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const postgres = requireTool('postgres');
  const initdb = requireTool('initdb');
  const user = serverUser();
  const folder = mkdtempSync(join(tmpdir(), 'sandbox-postgres-'));
  if (user) chownSync(folder, user.uid, user.gid);
  const data = join(folder, 'data');
  try {
    await run(initdb, ['-D', data, '-U', 'sandbox', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], { ...user });
    const port = await freePort();
    const start = () =>
      startServerWhenReady(
        postgres,
        ['-D', data, '-p', String(port), '-k', folder, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'],
        /database system is ready to accept connections/,
        { user },
      );
    let server = await start();
    const url = `postgres://sandbox@127.0.0.1:${port}/postgres`;
    return {
      url,
      restart: async (downMs) => {
        await server.stop('SIGINT');
        await new Promise((resolve) => setTimeout(resolve, downMs));
        server = await start();
      },
      stop: async () => {
        await server.stop();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
