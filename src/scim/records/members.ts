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
