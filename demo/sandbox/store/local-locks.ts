import { LockTimeout } from './errors';

/** Releases a lock; resolves once the next holder may go on. */
export type Release = () => Promise<void>;

/** A lock held within this process, and what the holder before passed on to it. */
export interface LocalHold<T> {
  passed: T | undefined;
  /** Lets the next waiter in, handing it `pass`; false when none waits (the lock is then free). */
  release(pass?: T): boolean;
}

/**
 * Locks by name within this process: each `lock(name, waitMs)` waits for the holders before it, in
 * order, and throws LockTimeout once it has waited `waitMs`, leaving its place. A holder may hand
 * the next one something (PostgreSQL's lock, see postgres/postgres-locks.ts). Right alone for a
 * store that one process holds (SQLite); a shared store locks in the database too.
 */
export function localLocks<T = never>(): (name: string, waitMs: number) => Promise<LocalHold<T>> {
  // Per name held, the waiters after its holder, first first.
  const waiting = new Map<string, ((passed: T | undefined) => void)[]>();
  const releaseOf = (name: string) => (pass?: T) => {
    const queue = waiting.get(name) ?? [];
    const next = queue.shift();
    if (!next) waiting.delete(name);
    next?.(pass);
    return next !== undefined;
  };
  return (name, waitMs) =>
    new Promise((resolve, reject) => {
      const queue = waiting.get(name);
      if (!queue) {
        waiting.set(name, []);
        resolve({ passed: undefined, release: releaseOf(name) });
        return;
      }
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(granted), 1);
        reject(new LockTimeout(name, waitMs));
      }, waitMs);
      const granted = (passed: T | undefined) => {
        clearTimeout(timer);
        resolve({ passed, release: releaseOf(name) });
      };
      queue.push(granted);
    });
}
