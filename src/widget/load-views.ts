import { useSyncExternalStore } from 'react';
import { lazyModule, type LazyModule, type LazyState } from '../page/lazy-module';

export type Views = typeof import('./views');

/** The lazily loaded views (see views.ts). */
export const lazyViews = lazyModule<Views>(() => import('./views'));

/** Where a lazy module is; the component re-renders when it arrives or fails to. */
export function useLazy<M>(lazy: LazyModule<M>): LazyState<M> {
  return useSyncExternalStore(lazy.subscribe, lazy.state);
}
