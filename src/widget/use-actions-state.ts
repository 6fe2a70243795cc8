import { useSyncExternalStore } from 'react';
import type { ActionsState, BatchActions } from '../batch-actions';

const noSubscription = () => () => undefined;
const noState = () => undefined;

/** The state of a batch's actions, re-rendering as it changes; undefined before any batch finished. */
export function useActionsState(actions: BatchActions | undefined): ActionsState | undefined {
  return useSyncExternalStore(actions?.subscribe ?? noSubscription, actions?.getState ?? noState);
}
