export type GeneratorModule = typeof import('./press-module');

let loaded: GeneratorModule | undefined;
let loading: Promise<GeneratorModule> | undefined;

/**
 * Starts loading the record generator (faker and its locale data) and the HTTP client, which the
 * ES module build puts in a chunk of its own so a page pays for it only when the element is about
 * to be used.
 */
export function preloadGenerator(): Promise<GeneratorModule> {
  loading ??= import('./press-module').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined; // let a later press try again
      throw error;
    },
  );
  return loading;
}

/** The generator once loaded, so a press can start its calls in the same task. */
export function loadedGenerator(): GeneratorModule | undefined {
  return loaded;
}
