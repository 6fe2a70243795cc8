import pg, { type Pool, type PoolClient, type QueryResultRow } from 'pg';
import { StoreError, Unavailable } from '../errors';

/**
 * SQLSTATE classes that say the server or the connection failed rather than the statement:
 * 08 connection exception, 53 insufficient resources (too many connections), 57 operator
 * intervention (57P01 a fast shutdown or pg_terminate_backend, 57P02 a crash, 57P03 still starting).
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
const SERVER_GONE = /^(08|53|57)/;

/**
 * The error a store method throws for `error`: Unavailable when the database could not be reached
 * or dropped the connection, else `error` as it is. pg reports a refused or lost connection with a
 * plain Error (ECONNREFUSED, "Connection terminated unexpectedly"), the server's refusals with a
 * DatabaseError carrying a SQLSTATE, and our own refusals are StoreErrors.
 */
export function lostConnectionAsUnavailable(error: unknown): unknown {
  if (error instanceof StoreError) return error;
  if (error instanceof pg.DatabaseError) return SERVER_GONE.test(error.code ?? '') ? new Unavailable('PostgreSQL', error) : error;
  // An AggregateError when a host name resolves to several addresses and none answers.
  const plain = error instanceof AggregateError || (error instanceof Error && error.constructor === Error);
  return plain ? new Unavailable('PostgreSQL', error) : error;
}

/**
 * A pool whose every connection, idle or checked out, has an error listener: pg emits 'error' on a
 * client whose connection ends while no query runs on it (a lock held between queries, a
 * transaction between statements), and an 'error' without a listener ends the process. The
 * pool drops such a client and opens a new connection when next asked.
 */
export function resilientPool(url: string, options: pg.PoolConfig = {}): Pool {
  const pool = new pg.Pool({ connectionString: url, ...options });
  pool.on('connect', (client) => client.on('error', (error) => console.error('SCIM sandbox: PostgreSQL connection lost:', error.message)));
  // An idle client's error is also the pool's; the client's own listener above has logged it.
  pool.on('error', () => undefined);
  return pool;
}

/** Runs `work` in one transaction on one connection: committed if it resolves, rolled back if it throws. */
export async function inTransaction<R>(pool: Pool, work: (client: PoolClient) => Promise<R>): Promise<R> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // On a lost connection the rollback fails too; the error to report is the first one, and the
    // pool drops the broken client when it is released.
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** What the store's modules query through: every failure to reach the database is an Unavailable. */
export interface Database {
  rows<R extends QueryResultRow>(sql: string, values: unknown[]): Promise<R[]>;
  /** inTransaction, on the store's pool. */
  transaction<R>(work: (client: PoolClient) => Promise<R>): Promise<R>;
}

/** The database behind `pool`, once `ready` (its tables made) resolves. */
export function postgresDatabase(pool: Pool, ready: Promise<void>): Database {
  const guarded = async <R>(work: () => Promise<R>): Promise<R> => {
    await ready;
    try {
      return await work();
    } catch (error) {
      throw lostConnectionAsUnavailable(error);
    }
  };
  return {
    rows: (sql, values) => guarded(async () => (await pool.query(sql, values)).rows),
    transaction: (work) => guarded(() => inTransaction(pool, work)),
  };
}
