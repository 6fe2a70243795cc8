import type { ActionOutcome as Outcome } from '../batch/actions';
import { parts } from '../public/parts';
import { ACTIONS } from '../scim/actions/table';
import { explanationOf } from './explanation';

/**
 * What the line says of the last action on its resource: `Deleted: 204 No Content`, `Already gone:
 * 404 Not Found`, `Updated: 200 OK, applied after 1 s` (a second look saw it); a failure leads with what went wrong: `Not updated: the server still has title
 * "Engineer" (PATCH answered 200)`, or `Update failed: 400 Bad Request` with the server's SCIM error.
 */
function textOf({ action, call, done, applied, differences, appliedAfterMs }: Outcome): string {
  const row = ACTIONS[action];
  const answer = `${call.status} ${call.statusText}`;
  if (!done) {
    const explanation = explanationOf(call);
    return `${row.failed}: ${answer}${explanation ? ` — ${explanation}` : ''}`;
  }
  if (applied === false) return `${row.notApplied}: ${differences?.join('; ') ?? 'the server did not keep it'} (${call.request.method} answered ${call.status})`;
  if (action === 'delete' && call.status === 404) return `Already gone: ${answer}`;
  return `${row.done}: ${answer}${appliedAfterMs ? `, applied after ${appliedAfterMs / 1000} s` : ''}`;
}

/** How the last action on a result line's resource ended, e.g. `· Deleted: 204 No Content`. */
export function ActionOutcome({ outcome }: { outcome: Outcome }) {
  const kept = outcome.done && outcome.applied !== false;
  return (
    <span part={kept ? parts('action') : parts('action', 'action-failed')} className={kept ? 'action done' : 'action failed'}>
      {' · '}
      {textOf(outcome)}
    </span>
  );
}
