import type { ScimCall } from '../http/call';
import { resourceUrl } from '../http/resource-url';

/**
 * What a line says when a created resource's `meta.location` (or `Location`) does not name it under
 * base-url: a server that builds it from the request's Origin names the page's host (RFC 7643 §3.1
 * makes it the resource's URI). The element ignores it, and calls `{endpoint}/{id}` instead.
 */
export function ignoredLocation(endpoint: string, { ok, id, location }: Pick<ScimCall, 'ok' | 'id' | 'location'>): string | undefined {
  if (!ok || id === undefined || location === undefined) return undefined;
  let absolute: string;
  try {
    absolute = new URL(location, endpoint).href;
  } catch {
    absolute = location;
  }
  const where = resourceUrl(endpoint, id, location);
  if ('url' in where && where.url === absolute) return undefined;
  return `The server gave location ${location}, not this resource under base-url: the element ignores it`;
}
