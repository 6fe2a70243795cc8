import { lazyModule } from '../page/lazy-module';

export type BatchRuntime = typeof import('./runtime');

/** The batch layer's lazily loaded part (see runtime.ts). */
export const batchRuntime = lazyModule<BatchRuntime>(() => import('./runtime'));
