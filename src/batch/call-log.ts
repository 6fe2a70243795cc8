import type { ScimCall, SendCall } from '../scim/http/call';
import { sendScim, type ScimCallOptions } from '../scim/http/client';

/** What the calls of a batch, or of one action, share. */
export type CallSettings = Pick<ScimCallOptions, 'apiKey' | 'timeoutMs' | 'signal' | 'fetch'>;

/**
 * The one record of every call a batch makes, and of the actions on what it made. Each call takes
 * its place in the log when it is sent and appears there once answered, so the log is in the
 * order the calls were sent. The lines, Details, the HAR, cURL and the events all read it; whoever
 * awaits a call reports the log with what the call changed, so each answer makes one state change.
 */
export class CallLog {
  #slots: (ScimCall | undefined)[] = [];
  #answered: readonly ScimCall[] = [];

  /** Every answered call, in the order sent; a new array after each answer. */
  get calls(): readonly ScimCall[] {
    return this.#answered;
  }

  /** Replaces each answered call with what `change` makes of it (what a diagnosis found, see explainedCall). */
  revise(change: (call: ScimCall) => ScimCall): void {
    this.#slots = this.#slots.map((call) => call && change(call));
    this.#answered = this.#slots.filter((entry) => entry !== undefined);
  }

  /** A sender of calls for `item` (none: a batch-level call), with these settings. */
  sender(settings: CallSettings, item?: number): SendCall {
    return async (request, purpose) => {
      const slot = this.#slots.push(undefined) - 1;
      const result = await sendScim({ ...settings, ...request });
      const call: ScimCall = { purpose, ...(item === undefined ? {} : { item }), ...result };
      this.#slots[slot] = call;
      this.#answered = this.#slots.filter((entry) => entry !== undefined);
      return call;
    };
  }
}
