import type { Locator } from '@playwright/test';
import { ACTION_COMPLETE_EVENT } from '../../src/public/event-names';
import type { ActionResult } from '../../src/entries/index';
import { ACTIONS, type ActionKind } from '../../src/scim/actions/table';
import { clickForEvent } from './generator';

/** Presses an action's button (`Deactivate`, `Update`, …) of the last batch and resolves with the detail of the action's complete event. */
export function pressAction(element: Locator, name: (typeof ACTIONS)[ActionKind]['label']): Promise<ActionResult> {
  return clickForEvent(element, element.locator('[part~="actions"]').getByRole('button', { name, exact: true }), ACTION_COMPLETE_EVENT);
}

/** The section of an earlier press (`Press 1`, or `Press 1 of an earlier visit` for one made before the page was loaded), above the lines. */
export const earlierPress = (element: Locator, press: number, visit: 'this' | 'earlier' = 'this'): Locator =>
  element.getByRole('region', { name: `Press ${press}${visit === 'earlier' ? ' of an earlier visit' : ''}`, exact: true });

/** Presses the Delete of an earlier press and resolves with the detail of its complete event. */
export function deleteEarlier(element: Locator, press: number, visit: 'this' | 'earlier' = 'this'): Promise<ActionResult> {
  return clickForEvent(element, earlierPress(element, press, visit).getByRole('button', { name: ACTIONS.delete.label, exact: true }), ACTION_COMPLETE_EVENT);
}
