import { LockTimeout } from './errors';

/** Releases a lock; resolves once the next holder may go on. */
export type Release = () => Promise<void>;

/**
 * Locks by name within this process: each `lock(name, waitMs)` waits for the holders before it, in
 * order, and throws LockTimeout once it has waited `waitMs` (its place then passes to the next).
 * Right for a store that one process holds alone (SQLite); a shared store locks in the database too.
 */
export function localLocks(): (name: string, waitMs: number) => Promise<Release> {
  const tails = new Map<string, Promise<void>>();
  return async (name, waitMs) => {
    const before = tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => held);
    tails.set(name, tail);
    const leave = async () => {
      release();
      if (tails.get(name) === tail) tails.delete(name);
    };
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), waitMs)));
    const late = await Promise.race([before.then(() => false), timedOut]);
    clearTimeout(timer);
    if (late) {
      await leave();
      throw new LockTimeout(name, waitMs);
    }
    return leave;
  };
}
