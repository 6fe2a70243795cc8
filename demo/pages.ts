/** The demo's pages. The server answers each with demo/index.html, which holds them all as sections. */
export const PAGE_PATHS = ['/', '/apikey/'] as const;
