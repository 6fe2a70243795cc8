/**
 * Where a follow-up call (PATCH, DELETE) for a created resource goes: the `meta.location` the
 * server gave when it lies under the base URL, else `{endpoint}/{id}`. Whatever a server answers,
 * the call (and the key with it) stays with the base URL's origin and below its path. Null when
 * neither names the resource: no usable location and an id that cannot be a path segment.
 */
export function resourceUrl(baseUrl: string, endpoint: string, id: string, location?: string): string | null {
  const fromLocation = location === undefined ? null : underBase(baseUrl, location);
  if (fromLocation) return fromLocation;
  // URLs read `.` and `..` (even encoded) as "this" and "the parent": no resource can have them as its segment.
  if (id === '' || id === '.' || id === '..') return null;
  const url = new URL(endpoint);
  // Encoded, so an id such as `../Groups/x` or `a?b` names one resource below the endpoint.
  url.pathname = `${url.pathname}/${encodeURIComponent(id)}`;
  return url.href;
}

/** The location, resolved against the base, when it is below the base URL; null otherwise. */
function underBase(baseUrl: string, location: string): string | null {
  const base = new URL(baseUrl);
  let url: URL;
  try {
    url = new URL(location, base);
  } catch {
    return null;
  }
  // The URL parser has already resolved `..` and `%2e%2e` segments, so the prefix test holds.
  const basePath = base.pathname.replace(/\/$/, '');
  const below = url.pathname.startsWith(`${basePath}/`) && url.pathname.length > basePath.length + 1;
  const plain = !url.username && !url.password && (url.protocol === 'https:' || url.protocol === 'http:');
  if (url.origin !== base.origin || !below || !plain) return null;
  url.hash = '';
  return url.href;
}
