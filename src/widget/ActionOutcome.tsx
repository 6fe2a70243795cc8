import type { ActionItemResult } from '../batch-actions';
import { parts } from '../parts';
import { explanationOf } from './explanation';

function labelOf({ action, done, status }: ActionItemResult): string {
  if (action === 'deactivate') return done ? 'Deactivated' : 'Deactivate failed';
  if (!done) return 'Delete failed';
  return status === 404 ? 'Already gone' : 'Deleted';
}

/** How the last action call on a result line's resource ended, e.g. `· Deleted: 204 No Content`. */
export function ActionOutcome({ result }: { result: ActionItemResult }) {
  const explanation = result.done ? '' : explanationOf(result);
  return (
    <span part={parts('action')} className={result.done ? 'action done' : 'action failed'}>
      {' · '}
      {labelOf(result)}: {result.status} {result.statusText}
      {explanation && ` — ${explanation}`}
    </span>
  );
}
