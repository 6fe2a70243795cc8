import type { ScimCall, SendCall } from './call';
import type { PatchRequest } from './client';
import { listResponseOf } from './list-response';
import { resourceUrl } from './resource-url';
import type { ScimRecord } from './schemas';
import { isUser } from './records';

/** What one item's sequence works with. */
export interface ItemRun {
  record: ScimRecord;
  /** The PATCH that adds the group's members after its create, for an IdP that adds them so. */
  membersPatch: PatchRequest | undefined;
  /** The SCIM base URL and the endpoint of the resource type (`{base}/Users`). */
  urls: { baseUrl: string; endpoint: string };
  /** Sends one call of this item into the batch's log. */
  send: SendCall;
}

/** How an item's sequence ended: the call that decided it and, where an IdP would not go on, why. */
export interface ItemEnd {
  decided: ScimCall;
  verdict?: Verdict;
}

export interface Verdict {
  /** e.g. `Lookup GET /Users?filter=userName eq "ada" answered 400 invalidFilter: Entra would stop here`. */
  text: string;
  /** Whether the IdP would count the item as failed; a match found by a lookup is not a failure. */
  failed: boolean;
}

/** One item's calls in a client's order. */
export type ItemSequence = (run: ItemRun) => Promise<ItemEnd>;

/** The verdict on a create answered 200: the batch made nothing, so it changes nothing (RFC 7644 §3.3 answers a create with 201). */
function existingResource(membersPatch: PatchRequest | undefined): Verdict {
  const members = membersPatch ? 'members, ' : '';
  return { text: `The server returned a resource it already had (a create answers 201 Created), so this batch leaves it alone: no ${members}Deactivate, Delete or Check`, failed: false };
}

/**
 * The spec's one POST per item. A group whose IdP adds members after the create then gets one
 * PATCH; the item ends with the POST's answer unless that PATCH failed: then with the PATCH's, so
 * the line shows why the group has no members (with the group's id kept). A create answered 200
 * returned a resource the server already had: it ends there, with a verdict that says so.
 */
export const createThenAddMembers: ItemSequence = async ({ record, membersPatch, urls, send }) => {
  const created = await send({ method: 'POST', url: urls.endpoint, body: record }, 'create');
  if (created.status === 200) return { decided: created, verdict: existingResource(membersPatch) };
  if (!membersPatch || !created.ok || !created.id) return { decided: created };
  const url = resourceUrl(urls.endpoint, created.id, created.location);
  if (!url) return { decided: created };
  const patched = await send({ method: 'PATCH', url, body: membersPatch }, 'members');
  return { decided: patched.ok ? created : { ...patched, id: created.id, location: created.location } };
};

/**
 * The filter an IdP looks a record up by: a user's `userName`, a group's `displayName`, compared with
 * `eq`, the value quoted and escaped as a JSON string (RFC 7644 §3.4.2.2).
 */
export function matchingFilter(record: ScimRecord): string {
  return isUser(record) ? `userName eq ${JSON.stringify(record.userName)}` : `displayName eq ${JSON.stringify(record.displayName)}`;
}

/** `{endpoint}?name=value&…`, each part percent-encoded (spaces as %20, as IdPs send them); the base URL's own query stays first. */
export function queryUrl(endpoint: string, parameters: readonly (readonly [string, string])[]): string {
  const url = new URL(endpoint);
  const added = parameters.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  url.search = [url.search.slice(1), ...added].filter(Boolean).join('&');
  return url.href;
}

/** What a lookup (a filtered GET) found, or why an IdP would stop at its answer. */
export type Lookup = { found: false } | { found: true; id: string } | { stop: string };

/** `GET /Users?filter=…` as a line shows it: the path below the base URL and the query, decoded. */
function shownRequest({ request }: ScimCall, baseUrl: string): string {
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

/**
 * Reads a lookup's answer as an IdP does: a ListResponse (RFC 7644 §3.4.2: `schemas`, a numeric
 * `totalResults`, and `Resources` when it is above 0) tells whether the resource exists; any other
 * answer stops the IdP. `notFound` lists statuses that also mean "no such resource" (Okta's 404).
 */
export function readLookup(call: ScimCall, notFound: readonly number[] = []): Lookup {
  if (notFound.includes(call.status)) return { found: false };
  const answered = `answered ${[call.status, call.scimType ?? call.statusText].filter(Boolean).join(' ')}`;
  if (!call.ok) return { stop: answered };
  const list = listResponseOf(call);
  if ('missing' in list) {
    return { stop: `${answered} ${list.missing === 'schema' ? 'without the ListResponse schema' : 'without a numeric totalResults'}` };
  }
  if (list.total === 0) return { found: false };
  const id = list.resources[0]?.id;
  if (typeof id !== 'string') return { stop: `${answered} with totalResults ${list.total} but no Resources with an id` };
  return { found: true, id };
}

export interface LookupSequence {
  /** The IdP's name, for the verdicts: `Entra`, `Okta`. */
  idp: string;
  /** The query of the lookup for this record. */
  query(record: ScimRecord): readonly (readonly [string, string])[];
  /** Statuses of the lookup that mean "not found", besides an empty ListResponse. */
  notFound?: readonly number[];
}

/**
 * An IdP's sequence for one item: a lookup, then, when nothing matches, the create (and the
 * members PATCH); the IdP stops where the lookup's answer is not one it can read, and where a create
 * succeeds without an `id` (it keeps that id for every later call). A match ends the item: the IdP
 * would update the resource it found.
 */
export function lookupThenCreate({ idp, query, notFound }: LookupSequence): ItemSequence {
  return async (run) => {
    const lookup = await run.send({ method: 'GET', url: queryUrl(run.urls.endpoint, query(run.record)) }, 'lookup');
    const read = readLookup(lookup, notFound);
    const stop = (call: ScimCall, why: string): ItemEnd => ({
      decided: call,
      verdict: { text: `${why}: ${idp} would stop here`, failed: true },
    });
    if ('stop' in read) return stop(lookup, `Lookup ${shownRequest(lookup, run.urls.baseUrl)} ${read.stop}`);
    if (read.found) {
      return { decided: lookup, verdict: { text: `Already exists as id ${read.id}: ${idp} would update it`, failed: false } };
    }
    const end = await createThenAddMembers(run);
    const { decided } = end;
    if (decided.purpose === 'create' && decided.ok && !decided.id) {
      return stop(decided, `Create ${shownRequest(decided, run.urls.baseUrl)} answered ${decided.status} without an id`);
    }
    return end;
  };
}
