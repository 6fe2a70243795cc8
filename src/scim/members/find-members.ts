import { sendScim, type ScimCallOptions, type ScimResult } from '../client';
import { createdUsersAt, knownUser, type KnownUser } from './known-users';

/** Where a group's members come from, or the answer that stops the batch (401, 429). */
export type MemberLookup = { users: readonly KnownUser[]; note?: string } | { stoppedBy: ScimResult };

const LISTED = 100;

interface ListedUser {
  id?: unknown;
  userName?: unknown;
  displayName?: unknown;
  name?: { formatted?: unknown };
  meta?: { location?: unknown };
}

/**
 * The users a Groups batch may take as members: those this page created against `baseUrl`, else
 * the first hundred the server lists (one `GET {base}/Users?count=100`). A 401 or 429 to that GET
 * stops the batch, as it would stop the POSTs; any other failure, or no users at all, means groups
 * without members and a note that says why.
 */
export async function findMembers(
  baseUrl: string,
  call: Pick<ScimCallOptions, 'apiKey' | 'timeoutMs' | 'signal' | 'fetch'>,
): Promise<MemberLookup> {
  const created = createdUsersAt(baseUrl);
  if (created.length > 0) return { users: created };

  const url = new URL(baseUrl);
  url.pathname = `${url.pathname}/Users`;
  url.searchParams.set('count', String(LISTED));
  const listed = await sendScim({ ...call, method: 'GET', url: url.href });
  if (listed.status === 401 || listed.status === 429) return { stoppedBy: listed };
  if (!listed.ok) {
    return { users: [], note: `Groups created without members: listing the users answered ${listed.status} ${listed.statusText}.` };
  }
  const resources = (listed.response?.body as { Resources?: unknown } | undefined)?.Resources;
  const users = (Array.isArray(resources) ? (resources as ListedUser[]) : []).flatMap((user) => {
    if (typeof user.id !== 'string' || typeof user.userName !== 'string') return [];
    const formatted = user.name?.formatted;
    const display =
      typeof user.displayName === 'string' ? user.displayName : typeof formatted === 'string' ? formatted : user.userName;
    const location = typeof user.meta?.location === 'string' ? user.meta.location : undefined;
    return [knownUser(user.id, user.userName, display, location, baseUrl)];
  });
  if (users.length === 0) {
    return { users, note: 'Groups created without members: the server holds no users yet. Generate Users first.' };
  }
  return { users };
}
