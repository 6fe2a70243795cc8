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

/** Where a resource's follow-up calls go, or why they do not go anywhere (a clause: `its id "." …`). */
export type ResourceUrl = { url: string } | { refused: string };

/**
 * Where every follow-up call (a members PATCH, an action, a check's GET or DELETE) for a created
 * resource goes: `{endpoint}/{id}`, and nowhere else, whatever a server answers. Refused when the id
 * cannot name one resource of the endpoint (see isResourceName; a lone surrogate, which no URL can
 * carry), and when the server's location for it (`meta.location` or the `Location` header, RFC
 * 7644 §3.1 and RFC 7643 §3.1: the resource's URI) names another URL: the answer does not say
 * which resource it made.
 */
export function resourceUrl(endpoint: string, id: string, location?: string): ResourceUrl {
  if (!isResourceName(id)) return { refused: `its id ${JSON.stringify(id)} cannot name one resource below ${endpoint}` };
  let url: string;
  try {
    url = scimUrl(endpoint, [id]);
  } catch {
    return { refused: `its id ${JSON.stringify(id)} holds a lone surrogate, which no URL can carry` };
  }
  if (location !== undefined && !namesResource(endpoint, location, id)) {
    return { refused: `its location ${JSON.stringify(location)} is not its id's URL, ${url}` };
  }
  return { url };
}

/**
 * Whether the location, resolved against the endpoint, is `{endpoint}/{id}` by its path, http(s),
 * without credentials or a query of its own (a fragment aside): its one segment, decoded, is the id.
 * Not the collection itself, a path beside or below the resource, or a redacted value. Its host may
 * differ: a server that builds locations from the request's Origin names the page's host (issue 50),
 * which says nothing against the id; the element never calls a location, and the line names it.
 */
function namesResource(endpoint: string, location: string, id: string): boolean {
  if (location.includes(REDACTED)) return false;
  const collection = new URL(endpoint);
  let url: URL;
  try {
    url = new URL(location, collection);
  } catch {
    return false;
  }
  const plain = !url.username && !url.password && url.search === collection.search && (url.protocol === 'https:' || url.protocol === 'http:');
  // The URL parser has already resolved `..` and `%2e%2e` segments, so the prefix test holds.
  const prefix = `${collection.pathname}/`;
  if (!plain || !url.pathname.startsWith(prefix)) return false;
  try {
    return decodeURIComponent(url.pathname.slice(prefix.length)) === id;
  } catch {
    return false; // not UTF-8 once decoded
  }
}
