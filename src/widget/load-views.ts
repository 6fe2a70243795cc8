import { lazyModule } from '../page/lazy-module';

export type Views = typeof import('./views');

/** The lazily loaded views (see views.ts). */
export const lazyViews = lazyModule<Views>(() => import('./views'));
