// @vitest-environment node
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../../../test/support/postgres';
import { storeContract } from '../../test-support/store-contract';
import { openPostgresStore } from './postgres-store';

// One cluster for the file (initdb takes about a second); each test starts from empty tables.
let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 60_000);
afterAll(() => cluster?.stop());
beforeEach(async () => {
  const store = openPostgresStore(cluster.url, { maxResources: 1, maxBytes: 1 });
  await store.ready;
  await store.close();
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  await client.query('TRUNCATE sandbox_keys CASCADE');
  await client.end();
});

storeContract('PostgreSQL', async (limits) => {
  const store = openPostgresStore(cluster.url, limits);
  await store.ready;
  return store;
});
