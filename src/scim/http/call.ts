import type { ScimCallOptions, ScimResult } from './client';

/**
 * The actions on what a batch made, by kind: the action table (actions/table.ts) has exactly one row
 * of each, which the compiler holds it to. Named here, at the foot of the layers, since every call an
 * action sends is logged with its kind.
 */
export type ActionKind = 'update' | 'deactivate' | 'remove-members' | 'rename' | 'delete';

/**
 * What a call was for: `discover` reads the server's schema (batch-level, `schema="discover"`);
 * `members` is a POST of a user a Groups batch creates to be a member (batch-level) and each group's member PATCH; `check` a call of
 * Check (batch-level); an action's kind each call of that action (its read-back GET too); `probe` a
 * request without the key that finds out why calls got no answer (batch-level, see scim/diagnosis.ts).
 */
export type CallPurpose = 'discover' | 'create' | 'lookup' | 'members' | 'check' | 'probe' | ActionKind;

/**
 * One entry of a batch's call log: a call as it was sent (the key masked) and as it was answered
 * (the body as the text received), with what it was for and the item it belongs to.
 */
export interface ScimCall extends ScimResult {
  purpose: CallPurpose;
  /** Position in its batch of the item the call belongs to; absent for a batch-level call (a member user's POST, DELETE and read-back GET). */
  item?: number;
}

/** What one call sends; the sender adds the key (unless the call names its own), the timeout and the abort signal. */
export type CallRequest = Pick<ScimCallOptions, 'method' | 'url' | 'body' | 'mode'> & Partial<Pick<ScimCallOptions, 'apiKey'>>;

/** Sends one call for its item (or for the batch) and logs it; resolves with its log entry. */
export type SendCall = (request: CallRequest, purpose: CallPurpose) => Promise<ScimCall>;

/** The calls of one item, in the order sent. */
export function callsOf(calls: readonly ScimCall[], item: number): ScimCall[] {
  return calls.filter((call) => call.item === item);
}
