import type { SimpleFaker } from '@faker-js/faker';
import type { Dialect } from '../actions/table';
import type { Delay } from '../actions/read-back';
import type { CallRequest, ScimCall } from '../http/call';
import { CUT_BODY, wasCut } from '../http/cut-body';
import { bodyOf, listResponseOf } from '../http/list-response';
import { ERROR_SCHEMA } from '../protocol';
import type { ResourceType, ScimRecord } from '../records/schemas';

/**
 * `warn`: failed a check that the IdP needs only in a setup that is not its default (Check's `onlyWhen`).
 * `not-checked`: the check could not run, through no fault of the server's checks: the server rate
 * limited it (429), or this page deleted a resource it needs since the batch.
 */
export type CheckOutcome = 'pass' | 'fail' | 'warn' | 'skipped' | 'not-checked';

/** How one check went: its name, the document it follows, and on failure what was expected against what came. */
export interface CheckResult {
  id: string;
  name: string;
  /** The RFC section or IdP document the check follows. */
  source: string;
  outcome: CheckOutcome;
  /** Why it failed, was skipped or was not checked, in one sentence. */
  reason?: string;
  /** For a pass: what the run saw on the way (`Update applied after 1 s`). */
  note?: string;
  /** The check's calls, in the order sent. */
  calls: ScimCall[];
}

/** The features a server's ServiceProviderConfig says it supports (RFC 7643 §5); unknown counts as supported. */
export interface Supports {
  filter: boolean;
  patch: boolean;
}

/** A resource the batch created, which the checks read and change. */
export interface CheckTarget {
  resourceType: ResourceType;
  record: ScimRecord;
  id: string;
  /** The resource's URL (under base-url). */
  url: string;
  /** With Add members: the ids the batch made members of the group. */
  memberIds: string[];
}

export interface CheckContext {
  target: CheckTarget;
  urls: { baseUrl: string; endpoint: string };
  /** The batch's profile's name (its ProfileName: the type lives above the checks, with the profiles), and its form of each action's request (deactivate, update, …). */
  profile: string;
  dialect: Dialect;
  /** New values for the round trips (Update, Rename). */
  faker: SimpleFaker;
  /** Why this page (another element, an action) changed the resource with this id since the batch, if it did. */
  changedByPage(id: string): string | undefined;
  /** The ids every call of the batch and of Check has named so far. */
  namedIds(): ReadonlySet<string>;
  /** Makes a resource Check created its own, so that the guard lets Check delete it. */
  adopt(url: string): void;
  /** Sends one call of this check into the batch's log; a write to a resource neither the batch nor Check made is not sent. */
  send(request: CallRequest): Promise<ScimCall>;
  /** The read-backs' wait before a second look; a test passes its own. */
  delay?: Delay;
}

/** A check's verdict: passed (with a note of what it saw on the way), or failed with the reason. */
export type CheckVerdict = { pass: true; note?: string } | { fail: string };

export interface Check {
  id: string;
  name: string;
  source: string;
  /** The feature it exercises, skipped when the server says it lacks it. */
  needs?: keyof Supports;
  /**
   * The one setup, not the IdP's default, in which its document requires this (a sentence): a
   * failure is then a warning, which the line ends with this sentence, since that IdP's default
   * setup works without it.
   */
  onlyWhen?: string;
  /** Whether the check has anything to look at for this target and profile; it is left out when not. */
  applies?(context: Omit<CheckContext, 'send'>): boolean;
  /** The ids of the resources it needs besides the target (a group's members); it is not checked when this page changed one. */
  uses?(target: CheckTarget): readonly string[];
  run(context: CheckContext): Promise<CheckVerdict>;
}

export const passed: CheckVerdict = { pass: true };

/** `200 OK`, or `0 Network error`: how a line names an answer, and that its body was cut when it was. */
export const answered = (call: ScimCall) => `${call.status} ${call.statusText}`.trim() + (wasCut(call) ? `, ${CUT_BODY}` : '');

/** How a failed answer explains itself: its scimType, a SCIM error without one, or no SCIM error body at all. */
function errorOf(call: ScimCall): string {
  if (call.ok) return '';
  if (call.status === 0) return call.detail ? ` (${call.detail})` : '';
  const said = call.detail ? `: ${JSON.stringify(call.detail)}` : '';
  if (call.scimType) return ` with scimType ${call.scimType}${said}`;
  const schemas = bodyOf(call)?.schemas;
  return Array.isArray(schemas) && schemas.includes(ERROR_SCHEMA) ? ` with a SCIM error without scimType${said}` : ' with no SCIM error body';
}

/** One exchange in one phrase: `PATCH /scim/v2/Users/42 answered 400 Bad Request with scimType invalidValue`. */
export function exchange(call: ScimCall): string {
  const { pathname, search } = new URL(call.request.url);
  return `${call.request.method} ${decodeURIComponent(pathname + search)} answered ${answered(call)}${errorOf(call)}`;
}

/** The resources of a 200 ListResponse with an integer `totalResults` (RFC 7644 §3.4.2), or why the answer is not one. */
export function listOf(call: ScimCall): { resources: Record<string, unknown>[]; total: number } | { notList: string } {
  if (call.status !== 200 || wasCut(call)) return { notList: `got ${answered(call)}` };
  const list = listResponseOf(call);
  if ('missing' in list && list.missing === 'schema') return { notList: 'got an answer without the ListResponse schema' };
  if ('missing' in list || !Number.isInteger(list.total)) return { notList: 'got a ListResponse without an integer totalResults' };
  return list;
}
