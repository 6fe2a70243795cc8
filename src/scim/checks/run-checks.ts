import type { ScimCall, SendCall } from '../http/call';
import type { ResourceType } from '../records/schemas';
import { bodyOf } from '../http/list-response';
import { scimUrl } from '../http/scim-url';
import { type Check, type CheckContext, type CheckResult, type CheckVerdict, type Supports } from './check';
import { GROUP_CHECKS } from './group-checks';
import { pageChangeReason, rateLimitedReason, rateLimitOf } from './not-checked';
import { USER_CHECKS } from './user-checks';

const CHECKS: Record<ResourceType, Check[]> = { Users: USER_CHECKS, Groups: GROUP_CHECKS };

/** What a ServiceProviderConfig (RFC 7643 §5) says of the features the checks use; unread means supported. */
function supportsOf(body: Record<string, unknown> | undefined): Supports {
  const supported = (feature: string) => (body?.[feature] as { supported?: unknown } | undefined)?.supported !== false;
  return { filter: supported('filter'), patch: supported('patch') };
}

/** A failure of a check the IdP needs only in another setup is a warning, and says in which. */
function outcomeOf(verdict: CheckVerdict, onlyWhen: string | undefined): Pick<CheckResult, 'outcome' | 'reason' | 'note'> {
  if (!('fail' in verdict)) return { outcome: 'pass', ...(verdict.note ? { note: verdict.note } : {}) };
  return onlyWhen ? { outcome: 'warn', reason: `${verdict.fail} ${onlyWhen}` } : { outcome: 'fail', reason: verdict.fail };
}

/**
 * Reads the server's ServiceProviderConfig, then runs each check that applies, one after another;
 * a check of a feature the server says it lacks is skipped. A check the server rate limited, every
 * check after it, and a check that needs what this page changed since the batch are not checked.
 * Reports each result as it comes, and stops between checks once `signal` aborts.
 */
export async function runChecks(
  context: Omit<CheckContext, 'send'>,
  send: SendCall,
  { signal, onResult }: { signal: AbortSignal; onResult(result: CheckResult): void },
): Promise<void> {
  const config = await send({ method: 'GET', url: scimUrl(context.urls.baseUrl, ['ServiceProviderConfig']) }, 'check');
  const supports = supportsOf(config.ok ? bodyOf(config) : undefined);
  let limited: ScimCall | undefined = rateLimitOf([config]);
  for (const check of CHECKS[context.target.resourceType]) {
    const { id, name, source, needs, onlyWhen, applies, run } = check;
    if (signal.aborted) return;
    if (applies && !applies(context)) continue;
    const changed = pageChangeReason(check, context);
    if (limited || changed) {
      onResult({ id, name, source, outcome: 'not-checked', reason: limited ? rateLimitedReason(limited, false) : changed, calls: [] });
      continue;
    }
    if (needs && !supports[needs]) {
      onResult({ id, name, source, outcome: 'skipped', reason: `The server's ServiceProviderConfig says ${needs} is not supported.`, calls: [config] });
      continue;
    }
    const calls: CheckResult['calls'] = [];
    const verdict = await run({ ...context, send: (request) => send(request, 'check').then((call) => (calls.push(call), call)) });
    if (signal.aborted) return;
    limited = rateLimitOf(calls);
    if (limited) onResult({ id, name, source, outcome: 'not-checked', reason: rateLimitedReason(limited, true), calls });
    else onResult({ id, name, source, ...outcomeOf(verdict, onlyWhen), calls });
  }
}
