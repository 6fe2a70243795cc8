import { REDACTED } from '../secrets/redact';
import { scimUrl } from './scim-url';

/**
 * Whether `name`, decoded, can name one resource below an endpoint: not empty, `.` or `..` (URLs
 * read those as "this" and "the parent", even encoded), no `/` or `\` (a server that decodes an
 * encoded slash would read more than one segment), and not a value the key's redaction changed
 * (the server never gave it).
 */
function isResourceName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[/\\]/.test(name) && !name.includes(REDACTED);
}

/**
 * Where a follow-up call (PATCH, DELETE, a check's GET) for a created resource goes: the
 * `meta.location` the server gave when it names one resource of the endpoint, else
 * `{endpoint}/{id}`. Whatever a server answers, the call (and the key with it) stays below the
 * endpoint, on its origin. Null when neither names one resource.
 */
export function resourceUrl(endpoint: string, id: string, location?: string): string | null {
  const fromLocation = location === undefined ? null : oneResourceOf(endpoint, location);
  if (fromLocation) return fromLocation;
  if (!isResourceName(id)) return null;
  try {
    return scimUrl(endpoint, [id]);
  } catch {
    return null; // a lone surrogate, which no URL can carry
  }
}

/**
 * The location, resolved against the endpoint, when it is `{endpoint}/{one segment}` on the same
 * http(s) origin, without credentials or a query of its own; null otherwise (the collection itself,
 * a path beside or below the resource, an encoded slash or dot segment, a redacted value).
 */
function oneResourceOf(endpoint: string, location: string): string | null {
  if (location.includes(REDACTED)) return null;
  const collection = new URL(endpoint);
  let url: URL;
  try {
    url = new URL(location, collection);
  } catch {
    return null;
  }
  const plain = !url.username && !url.password && url.search === collection.search && (url.protocol === 'https:' || url.protocol === 'http:');
  // The URL parser has already resolved `..` and `%2e%2e` segments, so the prefix test holds.
  const prefix = `${collection.pathname}/`;
  if (url.origin !== collection.origin || !plain || !url.pathname.startsWith(prefix)) return null;
  const segment = url.pathname.slice(prefix.length);
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    return null; // not UTF-8 once decoded
  }
  if (!isResourceName(name)) return null;
  url.hash = '';
  return url.href;
}
