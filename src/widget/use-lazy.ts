import { useSyncExternalStore } from 'react';
import type { LazyModule, LazyState } from '../page/lazy-module';

/** Where a lazy module is; the component re-renders when it arrives or fails to. */
export function useLazy<M>(lazy: LazyModule<M>): LazyState<M> {
  return useSyncExternalStore(lazy.subscribe, lazy.state);
}
