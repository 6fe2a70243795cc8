import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
// A CommonJS module whose exports Node's ES module loader cannot name: taken from its default export.
import sqlite from 'node-sqlite3-wasm';
import type { BindValues, Database, Statement } from 'node-sqlite3-wasm';
import { IN_MEMORY_DATABASE } from '../../config';

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
 *
 * One process holds a database file while it has it open (locking_mode EXCLUSIVE): node-sqlite3-wasm
 * locks by making a folder beside the file (`sandbox.db.lock`), and taking and dropping that around
 * every statement, and re-validating SQLite's page cache each time, costs ~0.25 ms a statement (a
 * filtered list of 1,000 Users took twice as long). The holder's pid is written beside it
 * (`sandbox.db.pid`), so the lock of a process that ended without closing is taken back.
 */
export class SqliteDatabase {
  private readonly db: Database;
  private readonly statements: Statement[] = [];
  private readonly file: string | undefined;
  private readonly closeAtExit = () => this.close();

  constructor(path: string) {
    this.file = path === IN_MEMORY_DATABASE ? undefined : path;
    if (this.file) releaseLockOfEndedProcess(this.file);
    this.db = new sqlite.Database(path);
    try {
      this.db.exec('PRAGMA locking_mode = EXCLUSIVE; PRAGMA schema_version');
    } catch (error) {
      this.db.close();
      throw this.file && existsSync(lockOf(this.file)) ? new Error(heldMessage(this.file), { cause: error }) : error;
    }
    if (this.file) {
      writeFileSync(ownerOf(this.file), String(process.pid));
      process.once('exit', this.closeAtExit);
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
      // Not statement.get: it leaves the statement unfinished, holding a read transaction open.
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

  /** Frees the database and lets other processes open its file; a second call does nothing. */
  close(): void {
    if (!this.db.isOpen) return;
    for (const statement of this.statements.splice(0)) statement.finalize();
    this.db.close();
    if (this.file) {
      rmSync(ownerOf(this.file), { force: true });
      process.off('exit', this.closeAtExit);
    }
  }
}

const lockOf = (file: string) => `${file}.lock`;
const ownerOf = (file: string) => `${file}.pid`;

function ownerPid(file: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(ownerOf(file), 'utf8'), 10) || undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the lock of a process that ended without closing the file: killed, say. */
function releaseLockOfEndedProcess(file: string): void {
  const pid = ownerPid(file);
  if (pid !== undefined && !isRunning(pid)) rmSync(lockOf(file), { recursive: true, force: true });
}

function heldMessage(file: string): string {
  const pid = ownerPid(file);
  const holder = pid === undefined ? 'another process' : `process ${pid}`;
  return `${file} is in use by ${holder}: stop it, or give this sandbox a file of its own with SANDBOX_DB. If no process has it, delete ${lockOf(file)}.`;
}
