import { resourceUrl } from '../http/resource-url';
import { scimUrl } from '../http/scim-url';

/** A user that exists on a server, as a group member needs it. */
export interface KnownUser {
  id: string;
  userName: string;
  /** displayName, else name.formatted, else userName. */
  display: string;
  /** Absolute URL of the user resource, when the server gave one. */
  location?: string;
}

/**
 * A user as a member. Where the server gave a location, the member's `$ref` is the user's URL as the
 * actions build it (`resourceUrl`): the location when it names the user under base-url, else
 * `{base-url}/Users/{id}`, so that a location on another host never reaches a group (RFC 7643 §4.2).
 */
export function knownUser(id: string, userName: string, display: string, location: string | undefined, baseUrl: string): KnownUser {
  const where = location === undefined ? undefined : resourceUrl(scimUrl(baseUrl, ['Users']), id, location);
  return { id, userName, display, ...(where && 'url' in where ? { location: where.url } : {}) };
}
