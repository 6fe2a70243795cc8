import type { ScimCall } from '../scim/http/call';

// Whether the last answer this page got from a SCIM base URL, to the key, was 401: shared by every
// element of the page, so that a note of another element can say the key was just refused. Only
// the base URL is kept, never the key.
const refused = new Set<string>();

/** Notes how `baseUrl` answered a call with the key: a 401 marks it, any 2xx clears it. */
export function noteKeyAnswer(baseUrl: string, { status, ok }: Pick<ScimCall, 'status' | 'ok'>): void {
  if (status === 401) refused.add(baseUrl);
  else if (ok) refused.delete(baseUrl);
}

/** Whether this page's last answer from `baseUrl` to the key was 401. */
export const keyRefusedAt = (baseUrl: string): boolean => refused.has(baseUrl);
