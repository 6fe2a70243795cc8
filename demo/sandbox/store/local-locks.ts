/** Releases a lock; resolves once the next holder may go on. */
export type Release = () => Promise<void>;

/**
 * Locks by name within this process: each `lock(name)` waits for the holders before it, in order.
 * Right for a store that one process holds alone (SQLite); a shared store locks in the database.
 */
export function localLocks(): (name: string) => Promise<Release> {
  const tails = new Map<string, Promise<void>>();
  return async (name) => {
    const before = tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => held);
    tails.set(name, tail);
    await before;
    return async () => {
      release();
      if (tails.get(name) === tail) tails.delete(name);
    };
  };
}
