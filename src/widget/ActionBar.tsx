import { useId } from 'react';
import type { ActionsState } from '../batch/actions';
import type { ChecksState } from '../batch/checks';
import { parts } from '../public/parts';
import { ACTIONS, type ActionKind } from '../scim/actions/table';
import styles from './actions.css?inline';

/** `can be updated, deactivated or deleted`: the offered actions' `can`, a repeated `be` said once. */
function whatCanBeDone(kinds: readonly ActionKind[]): string {
  const phrases = kinds.map((kind, index) => {
    const can = ACTIONS[kind].can;
    const previous = index > 0 ? ACTIONS[kinds[index - 1] as ActionKind].can : '';
    return previous.startsWith('be ') && can.startsWith('be ') ? can.slice(3) : can;
  });
  const last = phrases.pop();
  return phrases.length === 0 ? `can ${last}` : `can ${phrases.join(', ')} or ${last}`;
}

/** What the buttons can do now, or why they cannot. */
function statusOf({ running, remaining, offered, resourceType, memberUsersLeft }: ActionsState): string {
  const noun = resourceType === 'Users' ? 'user' : 'group';
  if (running) return ACTIONS[running].running;
  if (remaining.delete === 0 && memberUsersLeft > 0) return `No ${noun} of this batch is left; Delete can still delete ${memberUsersLeft} of the users it made to be members.`;
  if (remaining.delete === 0) return `Nothing left to act on: every ${noun} this batch created is deleted.`;
  if (resourceType === 'Users' && remaining.deactivate === 0) return `Every ${noun} this batch created is deactivated.`;
  const left = offered.filter((kind) => remaining[kind] > 0);
  return `${remaining.delete} ${noun}${remaining.delete === 1 ? '' : 's'} this batch created ${whatCanBeDone(left)}.`;
}

interface ActionButtonProps {
  label: string;
  enabled: boolean;
  describedBy: string;
  onPress: () => void;
}

/** aria-disabled rather than disabled: the button keeps focus once pressed, and stays findable. */
export function ActionButton({ label, enabled, describedBy, onPress }: ActionButtonProps) {
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

/** A button per action of the table that applies to what the last batch created, Check, and what is left to do. */
export function ActionBar({ state, checks, onRun, onCheck }: ActionBarProps) {
  const statusId = useId();
  if (state.offered.length === 0) return null;
  const idle = state.running === null && !checks?.running;
  return (
    <div part={parts('actions')} className="actions">
      <style>{styles}</style>
      {state.offered.map((kind) => (
        <ActionButton
          key={kind}
          label={ACTIONS[kind].label}
          enabled={idle && (state.remaining[kind] > 0 || (kind === 'delete' && state.memberUsersLeft > 0))}
          describedBy={statusId}
          onPress={() => onRun(kind)}
        />
      ))}
      {checks && <ActionButton label="Check" enabled={idle && state.remaining.delete > 0} describedBy={statusId} onPress={onCheck} />}
      <span id={statusId} part={parts('action-status')}>
        {checks?.running ? 'Checking…' : statusOf(state)}
      </span>
    </div>
  );
}
