import { DEFAULT_API_KEY_PATH } from '../src/public/constants';

/** The demo's pages. The server answers each with demo/index.html, which holds them all as sections. */
export const PAGE_PATHS = ['/', DEFAULT_API_KEY_PATH] as const;
