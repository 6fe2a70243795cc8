import { parts } from '../parts';
import { actionDone, type ScimCall } from '../scim/call';
import { explanationOf } from './explanation';

function labelOf(call: ScimCall, done: boolean): string {
  if (call.purpose === 'deactivate') return done ? 'Deactivated' : 'Deactivate failed';
  if (!done) return 'Delete failed';
  return call.status === 404 ? 'Already gone' : 'Deleted';
}

/** How the last action call on a result line's resource ended, e.g. `· Deleted: 204 No Content`. */
export function ActionOutcome({ call }: { call: ScimCall }) {
  const done = actionDone(call);
  const explanation = done ? '' : explanationOf(call);
  return (
    <span part={parts('action')} className={done ? 'action done' : 'action failed'}>
      {' · '}
      {labelOf(call, done)}: {call.status} {call.statusText}
      {explanation && ` — ${explanation}`}
    </span>
  );
}
