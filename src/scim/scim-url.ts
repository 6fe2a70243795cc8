// The one place the element builds a URL below `base-url`: every call's URL comes from here, so a
// base URL's query (`?tenant=acme`) stays on each call and its fragment never reaches a path.
// src/scim/scim-url.test.ts fails on a URL built by string concatenation elsewhere in src/.

/** A query's parameters, in the order sent. */
export type QueryParameters = readonly (readonly [string, string])[];

/**
 * `{base}/{segment}/…?{base's query}&{parameters}`, without the base's fragment. Each segment is
 * percent-encoded, so an id such as `a?b` or `50%` stays one segment; parameters are encoded with
 * spaces as %20, as the IdPs send them. Throws on a lone surrogate, which no URL can carry.
 */
export function scimUrl(base: string, segments: readonly string[] = [], parameters: QueryParameters = []): string {
  const url = new URL(base);
  url.hash = '';
  const below = segments.map((segment) => `/${encodeURIComponent(segment)}`).join('');
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${below}`;
  const added = parameters.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  url.search = [url.search.slice(1), ...added].filter(Boolean).join('&');
  return url.href;
}

/** `{url}?{its query}&{parameters}`: a query added to a URL scimUrl built. */
export const queryUrl = (url: string, parameters: QueryParameters): string => scimUrl(url, [], parameters);
