import type { Locator } from '@playwright/test';
import { ACTION_COMPLETE_EVENT } from '../../src/public/event-names';
import type { ActionResult } from '../../src/entries/index';
import { ACTIONS, type ActionKind } from '../../src/scim/actions/table';
import { clickForEvent } from './generator';

/** Presses an action's button (`Deactivate`, `Update`, …) and resolves with the detail of the action's complete event. */
export function pressAction(element: Locator, name: (typeof ACTIONS)[ActionKind]['label']): Promise<ActionResult> {
  return clickForEvent(element, element.getByRole('button', { name, exact: true }), ACTION_COMPLETE_EVENT);
}
