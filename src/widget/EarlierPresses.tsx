import { useEffect, useId, useSyncExternalStore } from 'react';
import type { BatchController } from '../batch/controller';
import { batchRuntime } from '../batch/load-runtime';
import type { GeneratorConfig } from '../page/config';
import type { EarlierBatch } from '../batch/state';
import { parts } from '../public/parts';
import { ACTIONS } from '../scim/actions/table';
import { ActionButton } from './ActionBar';
import { ActionOutcome } from './ActionOutcome';
import { MemberUsers } from './MemberUsers';
import styles from './actions.css?inline';

/** The button that drops a press of an earlier visit from the page and from what is kept, sending nothing. */
const FORGET_LABEL = 'Forget';

const some = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** `Press 1`, or `Press 1 of an earlier visit` for one made before this page was loaded. */
const labelOf = ({ press, earlierVisit }: EarlierBatch) => `Press ${press}${earlierVisit ? ' of an earlier visit' : ''}`;

/** `Press 1 made 10 users that are still on the server.`, or what is left of it once its Delete has run. */
function statusOf(earlier: EarlierBatch): string {
  const { running, remaining, resourceType, memberUsersLeft, memberUsers } = earlier.actions;
  const press = labelOf(earlier);
  if (running) return `${press}: ${ACTIONS[running].running}`;
  const members = memberUsersLeft > 0 ? `${some(memberUsersLeft, 'user')} made to be members` : '';
  const made = [remaining.delete > 0 ? some(remaining.delete, resourceType === 'Users' ? 'user' : 'group') : '', members].filter(Boolean).join(' and ');
  if (made) return `${press} made ${made} that ${remaining.delete + memberUsersLeft === 1 ? 'is' : 'are'} still on the server.`;
  const kept = memberUsers.some((user) => 'kept' in user) ? '; a member user kept goes with the Delete of the press whose group holds it' : '';
  return `${press}: everything it made is deleted${kept}.`;
}

/** One earlier press: what it left on the server, its Delete, and how Delete ended on each resource. */
function EarlierPress({ earlier, idle, onDelete, onForget }: { earlier: EarlierBatch; idle: boolean; onDelete: () => void; onForget: () => void }) {
  const statusId = useId();
  const { actions, names } = earlier;
  const deletions = Object.entries(actions.outcomes).filter(([, outcome]) => outcome.action === 'delete');
  const left = actions.remaining.delete > 0 || actions.memberUsersLeft > 0;
  return (
    <section part={parts('earlier')} aria-label={labelOf(earlier)}>
      <div className="actions">
        <span id={statusId} part={parts('earlier-status')}>
          {statusOf(earlier)}
        </span>
        {left && <ActionButton label={ACTIONS.delete.label} enabled={idle && actions.running === null} describedBy={statusId} onPress={onDelete} />}
        {/* A server wiped, or gone, since: the reader can stop being shown a press of an earlier visit without deleting it. */}
        {left && earlier.earlierVisit && <ActionButton label={FORGET_LABEL} enabled={actions.running === null} describedBy={statusId} onPress={onForget} />}
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
 * (see BatchSession.abandon), and per press made before this page was loaded at the same base URL
 * (BatchSession.restoreEarlier, once the runtime has loaded): everything an element made stays
 * deletable from the page, after a reload too.
 */
export function EarlierPresses({ controller, config }: { controller: BatchController; config: GeneratorConfig }) {
  const { earlier, batch } = useSyncExternalStore(controller.subscribe, controller.getState);
  const { baseUrl, timeoutMs } = config;
  useEffect(() => {
    let mounted = true;
    batchRuntime.preload().then((runtime) => mounted && controller.sessionOf(runtime).restoreEarlier({ baseUrl, timeoutMs }), () => undefined);
    return () => {
      mounted = false;
    };
  }, [controller, baseUrl, timeoutMs]);
  if (earlier.length === 0) return null;
  return (
    <>
      <style>{styles}</style>
      {earlier.map((entry) => (
        <EarlierPress
          key={entry.id}
          earlier={entry}
          idle={!batch.running}
          onDelete={() => controller.session?.deleteEarlier(entry.id)}
          onForget={() => controller.session?.forgetEarlier(entry.id)}
        />
      ))}
    </>
  );
}
