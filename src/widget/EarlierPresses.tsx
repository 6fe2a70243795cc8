import { useId, useSyncExternalStore } from 'react';
import type { BatchController } from '../batch/controller';
import type { EarlierBatch } from '../batch/state';
import { parts } from '../public/parts';
import { ACTIONS } from '../scim/actions/table';
import { ActionButton } from './ActionBar';
import { ActionOutcome } from './ActionOutcome';
import { MemberUsers } from './MemberUsers';
import styles from './actions.css?inline';

const some = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** `Press 1 made 10 users that are still on the server.`, or what is left of it once its Delete has run. */
function statusOf({ press, actions }: EarlierBatch): string {
  const { running, remaining, resourceType, memberUsersLeft, memberUsers } = actions;
  if (running) return `Press ${press}: ${ACTIONS[running].running}`;
  const members = memberUsersLeft > 0 ? `${some(memberUsersLeft, 'user')} made to be members` : '';
  const made = [remaining.delete > 0 ? some(remaining.delete, resourceType === 'Users' ? 'user' : 'group') : '', members].filter(Boolean).join(' and ');
  if (made) return `Press ${press} made ${made} that ${remaining.delete + memberUsersLeft === 1 ? 'is' : 'are'} still on the server.`;
  const kept = memberUsers.some((user) => 'kept' in user) ? '; a member user kept goes with the Delete of the press whose group holds it' : '';
  return `Press ${press}: everything it made is deleted${kept}.`;
}

/** One earlier press: what it left on the server, its Delete, and how Delete ended on each resource. */
function EarlierPress({ earlier, idle, onDelete }: { earlier: EarlierBatch; idle: boolean; onDelete: () => void }) {
  const statusId = useId();
  const { actions, names } = earlier;
  const deletions = Object.entries(actions.outcomes).filter(([, outcome]) => outcome.action === 'delete');
  const left = actions.remaining.delete > 0 || actions.memberUsersLeft > 0;
  return (
    <section part={parts('earlier')} aria-label={`Press ${earlier.press}`}>
      <div className="actions">
        <span id={statusId} part={parts('earlier-status')}>
          {statusOf(earlier)}
        </span>
        {left && <ActionButton label={ACTIONS.delete.label} enabled={idle && actions.running === null} describedBy={statusId} onPress={onDelete} />}
      </div>
      {deletions.length > 0 && (
        <ul part={parts('results')}>
          {deletions.map(([index, outcome]) => (
            <li key={index} part={parts('earlier-item')}>
              {names[Number(index)]}
              <ActionOutcome outcome={outcome} />
            </li>
          ))}
        </ul>
      )}
      <MemberUsers users={actions.memberUsers} />
    </section>
  );
}

/**
 * Above the lines, a section per earlier press of the element that left something Delete can reach
 * (see BatchSession.abandon): everything an element made stays deletable from the page.
 */
export function EarlierPresses({ controller }: { controller: BatchController }) {
  const { earlier, batch } = useSyncExternalStore(controller.subscribe, controller.getState);
  if (earlier.length === 0) return null;
  return (
    <>
      <style>{styles}</style>
      {earlier.map((entry) => (
        <EarlierPress key={entry.press} earlier={entry} idle={!batch.running} onDelete={() => controller.session?.deleteEarlier(entry.press)} />
      ))}
    </>
  );
}
