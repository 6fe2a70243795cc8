import type { ScimCall } from '../scim/http/call';
import type { ScimResult } from '../scim/http/client';
import type { Diagnosis } from '../scim/diagnosis/diagnosis';
import type { ScimRecord } from '../scim/records/schemas';

/** `detail` of the result event: one finished item, with the outcome of the call that decided it. */
export interface ItemResult extends ScimResult {
  /** Position of the item in its batch, 0 to 9. */
  index: number;
  /** The created record's name (`displayName`, else a user's `name.formatted`); only on success. */
  name?: string;
  /** The record that was sent. */
  record: ScimRecord;
  /** Set when the reader edited the record before the press: it went as they wrote it (see the README's "Edit the records"). */
  edited?: true;
  /**
   * With `flow="idp"`, where the IdP's sequence ended otherwise than with a create: why the IdP would
   * stop there (the item is then a failure), or that a lookup found the resource (not a failure).
   * For a create answered 200: that the server returned a resource it already had (not a failure).
   */
  verdict?: string;
  /**
   * Why no answer came, when the item's call got none for a reason the element could find (then
   * `statusText` and `detail` say it): see the README's "When things fail".
   */
  diagnosis?: Diagnosis;
  /** Every call the item made, in the order sent. */
  calls: readonly ScimCall[];
}

/** `detail` of the complete event: every item of the batch, in batch order, and every call of the batch. */
export interface BatchResult {
  results: ItemResult[];
  /** Every call of the batch in the order sent, batch-level ones (the member users' POSTs) included. */
  calls: readonly ScimCall[];
}
