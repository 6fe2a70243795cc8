import type { ActionKind, BatchActions } from './actions';
import type { BatchChecks } from './checks';

/**
 * What can follow a finished batch: the actions (the table in scim/actions) on what it created, and Check. In the
 * lazily loaded runtime with them, so the element's chunk only holds on to this one object.
 */
export class FollowUps {
  constructor(
    /** Kept by the session after the next press while its Delete can still reach something (see BatchSession.abandon). */
    readonly actions: BatchActions,
    private readonly checks: BatchChecks,
  ) {}

  /** One follow-up at a time: an action waits for Check, and Check for an action. */
  runAction(action: ActionKind): void {
    if (!this.checks.state.running) this.actions.run(action);
  }

  runChecks(): void {
    if (!this.actions.state.running) this.checks.run();
  }

  /** Stops what is in flight; its answers are not taken. */
  abandon(): void {
    this.actions.abandon();
    this.checks.abandon();
  }
}
