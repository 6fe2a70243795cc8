import type { ScimCall } from '../http/call';
import { CUT_BODY, wasCut } from '../http/cut-body';
import { listResponseOf } from '../http/list-response';
import { isUser } from '../records/records';
import type { ScimRecord } from '../records/schemas';

/**
 * The attribute an IdP matches a record on and the record's value of it: a user's `userName`, a
 * group's `displayName`. Both are `caseExact: false` (RFC 7643 §4.1.1, §4.2), so they match without case.
 */
export function matchingAttribute(record: ScimRecord): { name: 'userName' | 'displayName'; value: string } {
  return isUser(record) ? { name: 'userName', value: record.userName } : { name: 'displayName', value: record.displayName };
}

/**
 * What a lookup (a filtered GET) found, or why an IdP would not go on: `stop` says what the answer
 * was, `then` what the IdP does with it (when not simply stopping).
 */
export type Lookup = { found: false } | { found: true; id: string } | { stop: string; then?: string };

/**
 * Reads a lookup's answer as an IdP does: a ListResponse (RFC 7644 §3.4.2: `schemas`, a numeric
 * `totalResults`, and `Resources` when it is above 0) tells whether the resource exists; any other
 * answer stops the IdP. `notFound` lists statuses that also mean "no such resource" (Okta's 404).
 * A resource counts as the match only when its matching attribute equals the record's: a server
 * that ignores `filter` answers with other resources, which an IdP would take for this one and
 * update (Entra: how-provisioning-works.md, "Provisioning cycles"; Okta: "Create Users",
 * "Determine if the User already exists"). More than one match stops the IdP, as Entra's provisioning
 * does when the matching attribute finds several target entries.
 */
export function readLookup(call: ScimCall, record: ScimRecord, notFound: readonly number[] = []): Lookup {
  if (notFound.includes(call.status)) return { found: false };
  const answered = `answered ${[call.status, call.scimType ?? call.statusText].filter(Boolean).join(' ')}`;
  if (!call.ok) return { stop: answered };
  if (wasCut(call)) return { stop: `${answered}, ${CUT_BODY}` };
  const list = listResponseOf(call);
  if ('missing' in list) {
    return { stop: `${answered} ${list.missing === 'schema' ? 'without the ListResponse schema' : 'without a numeric totalResults'}` };
  }
  if (list.total === 0) return { found: false };
  const { name, value } = matchingAttribute(record);
  const noun = isUser(record) ? 'user' : 'group';
  const other = list.resources.find((resource) => !sameIgnoringCase(resource[name], value));
  if (other) {
    const shown = typeof other[name] === 'string' ? `another ${name} (${JSON.stringify(other[name])})` : `no ${name}`;
    return { stop: `answered a ${noun} with ${shown}: the server ignored the filter`, then: `would take it for this ${noun} and update it instead of creating one` };
  }
  if (list.resources.length > 1) return { stop: `answered ${list.resources.length} ${noun}s with this ${name}` };
  const id = list.resources[0]?.id;
  if (typeof id !== 'string') return { stop: `${answered} with totalResults ${list.total} but no Resources with an id` };
  return { found: true, id };
}

/** Compares strings as RFC 7643 compares `caseExact: false` attributes. */
export const sameIgnoringCase = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/** `GET /Users?filter=…` as a line shows it: the path below the base URL and the query, decoded. */
export function shownRequest({ request }: ScimCall, baseUrl: string): string {
  const url = new URL(request.url);
  const below = url.pathname.slice(new URL(baseUrl).pathname.length);
  return `${request.method} ${below}${safeDecode(url.search)}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
