import type { ActionOutcome as Outcome } from '../batch/actions';
import { parts } from '../public/parts';
import { ACTIONS } from '../scim/actions/table';
import { explanationOf } from './explanation';

/**
 * What the line says of the last action on its resource: `Deleted: 204 No Content`, `Already gone:
 * 404 Not Found`, `Updated (200), but the server still has title "Engineer"`, or the failure with
 * the server's SCIM error.
 */
function textOf({ action, call, done, applied, differences }: Outcome): string {
  const row = ACTIONS[action];
  const answer = `${call.status} ${call.statusText}`;
  if (!done) {
    const explanation = explanationOf(call);
    return `${row.failed}: ${answer}${explanation ? ` — ${explanation}` : ''}`;
  }
  if (applied === false) return `${row.done} (${call.status}), but ${differences?.join('; ') ?? 'the server did not keep it'}`;
  if (action === 'delete' && call.status === 404) return `Already gone: ${answer}`;
  return `${row.done}: ${answer}`;
}

/** How the last action on a result line's resource ended, e.g. `· Deleted: 204 No Content`. */
export function ActionOutcome({ outcome }: { outcome: Outcome }) {
  const kept = outcome.done && outcome.applied !== false;
  return (
    <span part={parts('action')} className={kept ? 'action done' : 'action failed'}>
      {' · '}
      {textOf(outcome)}
    </span>
  );
}
