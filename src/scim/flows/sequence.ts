import type { ScimCall, SendCall } from '../http/call';
import type { PatchRequest } from '../http/client';
import { CUT_BODY, wasCut } from '../http/cut-body';
import { matchingAttribute, readLookup, shownRequest } from './lookup';
import { resourceUrl } from '../http/resource-url';
import type { ScimRecord } from '../records/schemas';
import { queryUrl } from '../http/query-url';

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

/**
 * The verdict on a create answered 2xx but not 201 (RFC 7644 §3.3 answers a create with 201 Created):
 * 200 returned a resource the server already had, and 202 or 203 does not say the batch made
 * it, so the batch changes nothing.
 */
function notMadeHere({ status, statusText }: ScimCall, membersPatch: PatchRequest | undefined): Verdict {
  const members = membersPatch ? 'members, ' : '';
  const why = status === 200 ? 'The server returned a resource it already had (a create answers 201 Created)' : `The server answered ${status} ${statusText}, not 201 Created: nothing says this batch made the resource`;
  return { text: `${why}, so this batch leaves it alone: no ${members}Deactivate, Delete or Check`, failed: false };
}

/** The verdict on a 201 whose id or location cannot give the one URL of a resource (see resourceUrl). */
function noResourceUrl(refused: string, membersPatch: PatchRequest | undefined): Verdict {
  const members = membersPatch ? 'members, ' : '';
  return { text: `Created, but ${refused}, so this batch leaves it alone: no ${members}Deactivate, Delete or Check`, failed: true };
}

/**
 * The spec's one POST per item. A group whose IdP adds members after the create then gets one
 * PATCH, and only after a 201 (whose resource the send guard counts as the batch's own, see
 * OwnedResources); the item ends with the POST's answer unless that PATCH failed: then with the
 * PATCH's, so the line shows why the group has no members (with the group's id kept), and a verdict
 * that says the group was created all the same. A create answered 2xx but not 201, or whose id or
 * location gives no URL of one resource, ends there, with a verdict that says so.
 */
export const createThenAddMembers: ItemSequence = async ({ record, membersPatch, urls, send }) => {
  const created = await send({ method: 'POST', url: urls.endpoint, body: record }, 'create');
  if (!created.ok) return { decided: created };
  if (created.status !== 201) return { decided: created, verdict: notMadeHere(created, membersPatch) };
  if (!created.id) return { decided: created };
  const where = resourceUrl(urls.endpoint, created.id, created.location);
  if ('refused' in where) return { decided: created, verdict: noResourceUrl(where.refused, membersPatch) };
  if (!membersPatch) return { decided: created };
  const patched = await send({ method: 'PATCH', url: where.url, body: membersPatch }, 'members');
  if (patched.ok) return { decided: created };
  // The group exists all the same: the line says so, and Delete reaches it (see createdResources).
  const verdict = { text: `created (${created.status}), then the members PATCH failed: the group has no members; Delete removes it`, failed: true };
  return { decided: { ...patched, id: created.id, location: created.location }, verdict };
};

/**
 * The filter an IdP looks a record up by: its matching attribute (see matchingAttribute) compared
 * with `eq`, the value quoted and escaped as a JSON string (RFC 7644 §3.4.2.2).
 */
export function matchingFilter(record: ScimRecord): string {
  const { name, value } = matchingAttribute(record);
  return `${name} eq ${JSON.stringify(value)}`;
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
    const read = readLookup(lookup, run.record, notFound);
    const stop = (call: ScimCall, why: string, then?: string): ItemEnd => ({
      decided: call,
      verdict: { text: then ? `${why}; ${idp} ${then}` : `${why}: ${idp} would stop here`, failed: true },
    });
    if ('stop' in read) return stop(lookup, `Lookup ${shownRequest(lookup, run.urls.baseUrl)} ${read.stop}`, read.then);
    if (read.found) {
      return { decided: lookup, verdict: { text: `Already exists as id ${read.id}: ${idp} would update it`, failed: false } };
    }
    const end = await createThenAddMembers(run);
    const { decided } = end;
    if (decided.purpose === 'create' && decided.ok && !decided.id) {
      const cut = wasCut(decided) ? `, ${CUT_BODY}` : '';
      return stop(decided, `Create ${shownRequest(decided, run.urls.baseUrl)} answered ${decided.status}${cut} without an id`);
    }
    return end;
  };
}
