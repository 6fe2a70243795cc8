import { useId } from 'react';
import type { ActionKind, ActionsState } from '../batch/actions';
import type { ChecksState } from '../batch/checks';
import { parts } from '../parts';
import type { ResourceType } from '../scim/schemas';
import styles from './actions.css?inline';

const RUNNING: Record<ActionKind, string> = { deactivate: 'Deactivating…', delete: 'Deleting…' };

/** What the buttons can do now, or why they cannot. */
function statusOf({ running, remaining }: ActionsState, resourceType: ResourceType): string {
  const noun = resourceType === 'Users' ? 'user' : 'group';
  if (running) return RUNNING[running];
  if (remaining.delete === 0) return `Nothing left to act on: every ${noun} this batch created is deleted.`;
  if (resourceType === 'Users' && remaining.deactivate === 0) return `Every ${noun} this batch created is deactivated.`;
  return `${remaining.delete} ${noun}${remaining.delete === 1 ? '' : 's'} this batch created can be ${resourceType === 'Users' ? 'deactivated or ' : ''}deleted.`;
}

interface ActionButtonProps {
  label: string;
  enabled: boolean;
  describedBy: string;
  onPress: () => void;
}

/** aria-disabled rather than disabled: the button keeps focus once pressed, and stays findable. */
function ActionButton({ label, enabled, describedBy, onPress }: ActionButtonProps) {
  return (
    <button
      type="button"
      part={parts('action-button')}
      aria-disabled={!enabled}
      aria-describedby={describedBy}
      onClick={() => enabled && onPress()}
    >
      {label}
    </button>
  );
}

interface ActionBarProps {
  state: ActionsState;
  /** Check, when the batch created something to check. */
  checks: ChecksState | undefined;
  onRun: (action: ActionKind) => void;
  onCheck: () => void;
}

/** Deactivate (Users only) and Delete for what the last batch created, and what is left to do. */
export function ActionBar({ state, checks, onRun, onCheck }: ActionBarProps) {
  const statusId = useId();
  const { resourceType } = state;
  if (state.created === 0) return null;
  const idle = state.running === null && !checks?.running;
  return (
    <div part={parts('actions')} className="actions">
      <style>{styles}</style>
      {resourceType === 'Users' && (
        <ActionButton
          label="Deactivate"
          enabled={idle && state.remaining.deactivate > 0}
          describedBy={statusId}
          onPress={() => onRun('deactivate')}
        />
      )}
      <ActionButton label="Delete" enabled={idle && state.remaining.delete > 0} describedBy={statusId} onPress={() => onRun('delete')} />
      {checks && <ActionButton label="Check" enabled={idle && state.remaining.delete > 0} describedBy={statusId} onPress={onCheck} />}
      <span id={statusId} part={parts('action-status')}>
        {checks?.running ? 'Checking…' : statusOf(state, resourceType)}
      </span>
    </div>
  );
}
