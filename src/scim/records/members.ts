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
  const url = location === undefined ? null : resourceUrl(scimUrl(baseUrl, ['Users']), id, location);
  return { id, userName, display, ...(url ? { location: url } : {}) };
}

interface ListedUser {
  id?: unknown;
  userName?: unknown;
  displayName?: unknown;
  name?: { formatted?: unknown };
  meta?: { location?: unknown };
}

/** The users of a ListResponse body (RFC 7644 §3.4.2) that a group can take: those with an id and a userName. */
export function listedUsers(body: unknown, baseUrl: string): KnownUser[] {
  const resources = (body as { Resources?: unknown } | undefined)?.Resources;
  return (Array.isArray(resources) ? (resources as ListedUser[]) : []).flatMap((user) => {
    if (typeof user?.id !== 'string' || typeof user.userName !== 'string') return [];
    const formatted = user.name?.formatted;
    const display =
      typeof user.displayName === 'string' ? user.displayName : typeof formatted === 'string' ? formatted : user.userName;
    const location = typeof user.meta?.location === 'string' ? user.meta.location : undefined;
    return [knownUser(user.id, user.userName, display, location, baseUrl)];
  });
}
