import type { ScimCall } from '../http/call';
import { retryTimeOf } from '../http/retry-after';
import { exchange, type Check, type CheckContext } from './check';

// What keeps a check from running, which is no verdict on the server: a rate limit, or this page's
// own changes to what the check reads.

/** The call of `calls` the server rate limited (429 Too Many Requests, RFC 6585 §4), if any. */
export const rateLimitOf = (calls: readonly ScimCall[]): ScimCall | undefined => calls.find(({ status }) => status === 429);

/**
 * Why a check was not checked after `limited`, naming the wait the server asked for (`Retry-After`,
 * RFC 9110 §10.2.3); `sent` whether the check's own call met the limit, or an earlier one did.
 */
export function rateLimitedReason(limited: ScimCall, sent: boolean): string {
  const retry = retryTimeOf(limited);
  const header = retry?.capped ?? limited.response?.headers['retry-after']?.trim();
  const wait = retry ? `the server asks to wait: try again ${retry.delay} (Retry-After: ${header})` : 'the server named no wait (no Retry-After)';
  return `Rate limited: ${sent ? '' : 'not sent, since '}${exchange(limited)}; ${wait}.`;
}

/** Why the check cannot run on what this page changed since the batch (another element's Delete, an action), if it cannot. */
export function pageChangeReason({ uses }: Check, context: Pick<CheckContext, 'target' | 'changedByPage'>): string | undefined {
  const changes = [context.target.id, ...(uses?.(context.target) ?? [])].flatMap((id) => {
    const why = context.changedByPage(id);
    return why === undefined ? [] : [`${id} ${why}`];
  });
  return changes.length === 0 ? undefined : `This page changed what the check reads since the batch: ${changes.join('; ')}.`;
}
