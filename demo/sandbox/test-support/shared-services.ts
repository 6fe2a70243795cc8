import { afterAll, beforeAll } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../../test/support/postgres';
import { startRedisServer, type RedisServer } from '../../../test/support/redis';
import { startSandboxProcess, type SandboxProcess } from '../../../test/support/sandbox-process';
import { DATABASE_URL_ENV, REDIS_URL_ENV } from '../config';

export interface SharedServices {
  postgres: PostgresCluster;
  redis: RedisServer;
  /** What a proxy in front of them would spread its requests over. */
  sandboxes: [SandboxProcess, SandboxProcess];
  /** Their environment, for another process on the same services. */
  env: Record<string, string>;
}

/**
 * Two sandbox processes on a PostgreSQL cluster and a Redis of the calling file's own, with
 * `settings` added to their environment: started once before the file's tests, stopped after them.
 */
export function twoProcessesOnSharedServices(settings: Record<string, string>): Readonly<SharedServices> {
  const shared = {} as SharedServices;
  beforeAll(async () => {
    [shared.postgres, shared.redis] = await Promise.all([startPostgresCluster(), startRedisServer()]);
    shared.env = { [DATABASE_URL_ENV]: shared.postgres.url, [REDIS_URL_ENV]: shared.redis.url, ...settings };
    shared.sandboxes = [await startSandboxProcess(shared.env), await startSandboxProcess(shared.env)];
  }, 60_000);
  afterAll(async () => {
    await Promise.all((shared.sandboxes ?? []).map((sandbox) => sandbox.close()));
    await Promise.all([shared.postgres?.stop(), shared.redis?.stop()]);
  });
  return shared;
}
