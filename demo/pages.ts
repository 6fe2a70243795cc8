import { DEFAULT_API_KEY_PATH } from '../src/public/constants';

/** The demo's pages. The server answers each with demo/index.html, which holds them all as sections. */
export const PAGE_PATHS = ['/', DEFAULT_API_KEY_PATH] as const;

/** The own-server card's frame: a document of its own (demo/own-server.ts says why). */
export const OWN_SERVER_PAGE = '/own-server.html';
