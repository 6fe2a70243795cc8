import { useSyncExternalStore } from 'react';
import { lazyModule, type LazyState } from '../page/lazy-module';

export type Views = typeof import('./views');

/** The lazily loaded views (see views.ts). */
export const lazyViews = lazyModule<Views>(() => import('./views'));

/** Where the views are; the component re-renders when they arrive or fail to. */
export function useViews(): LazyState<Views> {
  return useSyncExternalStore(lazyViews.subscribe, lazyViews.state);
}
