// The one place the element builds a URL below `base-url`: every call's URL comes from here, so a
// base URL's query (`?tenant=acme`) stays on each call and its fragment never reaches a path.
// query-url.ts adds a query to what it builds; src/scim/http/scim-url.test.ts fails on a URL built by
// string concatenation anywhere else in src/.

/**
 * `{base}/{segment}/…?{base's query}`, without the base's fragment. Each segment is percent-encoded,
 * so an id such as `a?b` or `50%` stays one segment. Throws on a lone surrogate, which no URL can carry.
 */
export function scimUrl(base: string, segments: readonly string[] = []): string {
  const url = new URL(base);
  url.hash = '';
  url.pathname = url.pathname.replace(/\/+$/, '') + segments.map((segment) => `/${encodeURIComponent(segment)}`).join('');
  return url.href;
}
