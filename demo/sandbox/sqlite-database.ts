import { existsSync } from 'node:fs';
// A CommonJS module whose exports Node's ES module loader cannot name: taken from its default export.
import sqlite from 'node-sqlite3-wasm';
import type { BindValues, Database, Statement } from 'node-sqlite3-wasm';

/** A prepared statement typed by its parameters `P` and its rows `R`. */
export interface Prepared<P extends unknown[], R> {
  run(...parameters: P): void;
  get(...parameters: P): R | undefined;
  all(...parameters: P): R[];
}

/**
 * SQLite through node-sqlite3-wasm: SQLite compiled to WebAssembly, reading and writing its file with
 * Node's fs, so `npm install` builds nothing native. Its memory is not garbage-collected, so the
 * statements prepared here are finalized when the database closes.
 */
export class SqliteDatabase {
  private readonly db: Database;
  private readonly statements: Statement[] = [];

  constructor(path: string) {
    this.db = new sqlite.Database(path);
    try {
      this.db.exec('PRAGMA schema_version');
    } catch (error) {
      this.db.close();
      // node-sqlite3-wasm locks the file with a folder beside it, which a process killed mid-statement leaves behind.
      const lock = `${path}.lock`;
      if (existsSync(lock)) throw new Error(`${path} is locked by ${lock}: another process is using it, or one was killed while using it; if none is running, delete ${lock}`, { cause: error });
      throw error;
    }
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  /** The file's PRAGMA user_version. */
  get userVersion(): number {
    return Number(this.db.get('PRAGMA user_version')?.user_version ?? 0);
  }

  set userVersion(version: number) {
    this.db.exec(`PRAGMA user_version = ${Math.trunc(version)}`);
  }

  prepare<P extends unknown[] = [], R = never>(sql: string): Prepared<P, R> {
    const statement = this.db.prepare(sql);
    this.statements.push(statement);
    const values = (parameters: P) => parameters as BindValues;
    return {
      run: (...parameters) => void statement.run(values(parameters)),
      // Not statement.get: it stops short of the statement's end, which keeps the file locked
      // (node-sqlite3-wasm locks with a folder beside it) until the statement next runs.
      get: (...parameters) => statement.all(values(parameters))[0] as R | undefined,
      all: (...parameters) => statement.all(values(parameters)) as R[],
    };
  }

  /** `fn` wrapped in a transaction: committed when it returns, rolled back when it throws. */
  transaction<A extends unknown[], T>(fn: (...args: A) => T): (...args: A) => T {
    return (...args) => {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = fn(...args);
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw error;
      }
    };
  }

  close(): void {
    for (const statement of this.statements.splice(0)) statement.finalize();
    this.db.close();
  }
}
