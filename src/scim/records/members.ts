/** A user that exists on a server, as a group member needs it. */
export interface KnownUser {
  id: string;
  userName: string;
  /** displayName, else name.formatted, else userName. */
  display: string;
  /** Absolute URL of the user resource, when the server gave one. */
  location?: string;
}

export function knownUser(id: string, userName: string, display: string, location: string | undefined, baseUrl: string): KnownUser {
  const absolute = location ? absoluteUrl(location, baseUrl) : undefined;
  return { id, userName, display, ...(absolute ? { location: absolute } : {}) };
}

function absoluteUrl(location: string, baseUrl: string): string | undefined {
  try {
    return new URL(location, baseUrl).href;
  } catch {
    return undefined;
  }
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
