export type BatchModule = typeof import('./batch-module');

let loaded: BatchModule | undefined;
let loading: Promise<BatchModule> | undefined;

/**
 * Starts loading the batch module (faker's record generator and the HTTP client), which the ES
 * module build puts in a chunk of its own so a page pays for it only when the element is about
 * to be used.
 */
export function preloadBatchModule(): Promise<BatchModule> {
  loading ??= import('./batch-module').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined; // let a later press try again
      throw error;
    },
  );
  return loading;
}

/** The batch module once loaded, so a press can start its calls in the same task. */
export function loadedBatchModule(): BatchModule | undefined {
  return loaded;
}
