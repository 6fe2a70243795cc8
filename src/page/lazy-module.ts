/** Where a lazily loaded module is: not asked for or loading, loaded, or failed (a later preload tries again). */
export type LazyState<M> = { module?: undefined; failed: boolean } | { module: M; failed: false };

/** A module loaded on first use, as a chunk of its own in the ES module build. */
export interface LazyModule<M> {
  /** Starts loading (once); a failed load may be tried again. */
  preload(): Promise<M>;
  /** The module once loaded, so a press can use it in the same task. */
  loaded(): M | undefined;
  /** Where the load is; a new object after each change. */
  state(): LazyState<M>;
  /** Calls `listener` after each change of `state()`; returns the function that stops listening. */
  subscribe(listener: () => void): () => void;
}

export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let state: LazyState<M> = { failed: false };
  let loading: Promise<M> | undefined;
  const listeners = new Set<() => void>();
  const change = (next: LazyState<M>) => {
    state = next;
    listeners.forEach((listener) => listener());
  };
  return {
    preload() {
      if (!loading && state.failed) change({ failed: false });
      loading ??= load().then(
        (module) => {
          change({ module, failed: false });
          return module;
        },
        (error: unknown) => {
          loading = undefined; // let a later press try again
          change({ failed: true });
          throw error;
        },
      );
      return loading;
    },
    loaded: () => state.module,
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
