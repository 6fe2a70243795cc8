/** A page's size when the request names none: scimmy's ListResponse default. */
export const DEFAULT_COUNT = 20;
