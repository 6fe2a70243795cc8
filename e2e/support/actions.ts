import type { Locator } from '@playwright/test';
import { ACTION_COMPLETE_EVENT } from '../../src/event-names';
import type { ActionResult } from '../../src/index';
import { clickForEvent } from './generator';

/** Presses Deactivate or Delete and resolves with the detail of the action's complete event. */
export function pressAction(element: Locator, name: 'Deactivate' | 'Delete'): Promise<ActionResult> {
  return clickForEvent(element, element.getByRole('button', { name, exact: true }), ACTION_COMPLETE_EVENT);
}
