import type { SimpleFaker } from '@faker-js/faker';
import { ACTION_COMPLETE_EVENT, ACTION_RESULT_EVENT } from '../public/event-names';
import { ACTIONS, ACTION_KINDS, appliesTo, isActionDone, performAction, type ActionKind, type ActionTarget } from '../scim/actions/table';
import type { ScimCall } from '../scim/http/call';
import type { ScimResult } from '../scim/http/client';
import type { OwnedResources } from '../scim/http/owned';
import { PROFILE_MODULES } from '../scim/profiles';
import type { ResourceType } from '../scim/records/schemas';
import type { GeneratorConfig } from '../page/config';
import type { CallLog, CallSettings } from './call-log';
import { deletingUser, forgetDeletedUser } from './known-users';
import { deleteMemberUsers, type MemberUserResult } from './delete-member-users';
import type { Made } from './left-on-server';
import { heldElsewhere, holdMembers, memberUsersOf, type MemberUser } from './own-members';
import type { KnownUser } from '../scim/records/members';

export type { ActionKind } from '../scim/actions/table';

/** `detail` of the action result event: how an action went on one created resource. */
export interface ActionItemResult extends ScimResult {
  action: ActionKind;
  /** The element's press whose batch created the resource, 1 for its first: an earlier press's Delete runs from its own section. */
  batch: number;
  /** Position in its batch of the item whose resource this call acted on, 0 to 9. */
  index: number;
  /** The `id` the server gave the resource when it was created. */
  resourceId: string;
  /** The call that decided it left the resource as the action meant: a 2xx, or for a delete also 404 (already gone). */
  done: boolean;
  /** For every action once done: whether a GET then showed what the action meant (for Delete, a 404). */
  applied?: boolean;
  /** What that GET showed otherwise, one clause each (`the server still has title "Engineer"`). */
  differences?: string[];
  /** When the first GET showed the old value and a second look, this long after, showed it applied. */
  appliedAfterMs?: number;
  /** The call that decided it, as the batch's call log holds it. */
  call: ScimCall;
  /** Every call of the action on this resource, in the order sent (Okta's Update: GET, PUT, then the read-back GET). */
  calls: ScimCall[];
}

/** `detail` of the action complete event: every call of the action, in batch order. */
export interface ActionResult {
  action: ActionKind;
  /** The press whose batch the action acted on, as in each result. */
  batch: number;
  results: ActionItemResult[];
  /** Delete of a Groups batch: after the groups, each user this page created to be their members (see findMembers). */
  memberUsers?: MemberUserResult[];
  /** The action's calls, in the order sent (batch order), the member users' last. */
  calls: ScimCall[];
}

/** How the last action on a line's resource ended, as the line shows it. */
export type ActionOutcome = Pick<ActionItemResult, 'action' | 'call' | 'done' | 'applied' | 'differences' | 'appliedAfterMs'>;

export interface ActionsState {
  resourceType: ResourceType;
  /** How many resources the batch created that the actions can address (those with an id). */
  created: number;
  /** The actions the action bar offers for this batch, in the table's order. */
  offered: readonly ActionKind[];
  /** The action in flight, if any. */
  running: ActionKind | null;
  /** How many of the batch's created resources each action can still act on. */
  remaining: Record<ActionKind, number>;
  /** By item index: how the last action on that item's resource ended. */
  outcomes: Readonly<Record<number, ActionOutcome>>;
  /** How Delete ended on each user this page created to be the groups' members, once it has run. */
  memberUsers: readonly MemberUserResult[];
  /** How many of those users Delete can still delete: not deleted, and in no group of the page. */
  memberUsersLeft: number;
}

/** How a follow-up of a batch (its actions, Check) reaches the element. */
export interface FollowUpHooks<State> {
  /** The key stored now: a follow-up sends the key the page holds when it is pressed. */
  readApiKey(): string | null;
  onChange(state: State): void;
  emit(type: string, detail: unknown): void;
}

/** What the batch was created with: follow-up calls go to the same place, in the same dialect; and which press it was. */
export type ActionConfig = Pick<GeneratorConfig, 'resourceType' | 'baseUrl' | 'endpoint' | 'timeoutMs' | 'profile'> & { batch: number };

type Target = ActionTarget & { index: number };

/**
 * The actions of the table (scim/actions/table.ts) on one finished batch's created resources: each
 * sends its calls for every resource it applies to, in parallel, in the dialect of the batch's
 * profile, each call logged in the batch's call log. A new batch abandons the action in flight, and
 * the session keeps them while Delete can still reach something (an earlier press, see
 * BatchSession.abandon); the element leaving the page forgets them.
 */
export class BatchActions {
  readonly #targets: Target[];
  readonly #offered: ActionKind[];
  #running: ActionKind | null = null;
  #inFlight: AbortController | undefined;
  #outcomes: Record<number, ActionOutcome> = {};
  /** The users the batch's groups took their members from (Groups, with Add members). */
  readonly #memberUsers: readonly KnownUser[];
  #memberResults: Record<string, MemberUserResult> = {};
  /** The member ids of the batch's groups not deleted: the batch's hold on them (see own-members.ts). */
  readonly #held = () => this.#targets.filter(({ deleted }) => !deleted).flatMap(({ memberIds }) => memberIds);

  constructor(
    private readonly config: ActionConfig,
    /** What the batch created (actionTargets), or what a kept press left (see BatchSession.restoreEarlier). */
    targets: readonly Target[],
    private readonly log: CallLog,
    private readonly hooks: FollowUpHooks<ActionsState>,
    /** New values (Update, Rename) come from it: the batch's, so reproducible under `seed`. */
    private readonly faker: SimpleFaker,
    /** What the batch created (and Check adopted): no action writes to anything else, whatever a server answered. */
    private readonly owned: OwnedResources,
    /** The users the batch's groups took their members from: Delete deletes those this page created to be members. */
    memberUsers: readonly KnownUser[] = [],
  ) {
    this.#targets = targets.filter(({ url }) => owned.owns(url)).map((target) => ({ ...target }));
    const made = memberUsersOf(memberUsers);
    this.#memberUsers = made;
    // Delete also for a batch whose groups all failed to be created, but whose member users were.
    this.#offered = ACTION_KINDS.filter((kind) => this.#appliesToType(kind) && (this.#targetsOf(kind).length > 0 || (kind === 'delete' && made.length > 0)));
    // Created by this page's POSTs (201, see findMembers): Delete may reach them.
    for (const { url } of made) owned.adopt(url);
    if (made.length > 0) holdMembers(this.#held);
  }

  /** What the batch created, as the actions have left it (deleted, renamed, updated, with fewer members): Check works from it. */
  get targets(): readonly Target[] {
    return this.#targets;
  }

  /** What Delete can still reach: the resources not deleted, and the member users not deleted (see BatchSession's keeping). */
  get leftOnServer(): Made {
    const targets = this.#targets.filter(({ deleted }) => !deleted);
    return { resourceType: this.config.resourceType, targets, memberUsers: memberUsersOf(this.#memberUsers).filter(({ id }) => !this.#memberGone(id)) };
  }

  get state(): ActionsState {
    const remaining = Object.fromEntries(ACTION_KINDS.map((kind) => [kind, this.#appliesToType(kind) ? this.#targetsOf(kind).length : 0]));
    return {
      resourceType: this.config.resourceType,
      created: this.#targets.length,
      offered: this.#offered,
      running: this.#running,
      remaining: remaining as Record<ActionKind, number>,
      outcomes: this.#outcomes,
      memberUsers: Object.values(this.#memberResults),
      memberUsersLeft: this.#memberUsersLeft().length,
    };
  }

  /** Stops calls in flight; their answers are not taken, and the actions can run again (an earlier press's Delete). */
  abandon(): void {
    this.#inFlight?.abort();
    this.#inFlight = undefined;
    this.#running = null;
  }

  /** Sends the action's calls for every resource it still applies to, with the key stored now. */
  run(action: ActionKind): void {
    const targets = this.#targetsOf(action);
    const deletesMembers = action === 'delete' && this.#memberUsers.length > 0;
    if ((targets.length === 0 && !(deletesMembers && this.#memberUsersLeft().length > 0)) || !this.#appliesToType(action)) return;
    this.#inFlight?.abort();
    const inFlight = new AbortController();
    this.#inFlight = inFlight;
    const settings: CallSettings = { apiKey: this.hooks.readApiKey(), timeoutMs: this.config.timeoutMs, signal: inFlight.signal };
    const { dialect } = PROFILE_MODULES[this.config.profile];
    const results: ActionItemResult[] = [];
    this.#setRunning(action);

    const acted = targets.map((target) => {
      const logged = this.owned.guard(this.log.sender(settings, target.index));
      const calls: ScimCall[] = [];
      const send = (request: Parameters<typeof logged>[0]) => logged(request, action).then((call) => (calls.push(call), call));
      // A user being deleted is taken as a member by no Groups batch of the page meanwhile (see createdUsersAt),
      // and once deleted, by none ever: forgotten before released, whether or not the answers are still taken.
      const settled = action === 'delete' ? deletingUser(target.id) : undefined;
      const performed = performAction(action, dialect, { target, faker: this.faker, send });
      const forget = () => {
        if (target.deleted) forgetDeletedUser(target.id);
        settled?.();
      };
      void performed.then(forget, forget);
      return performed.then(({ decided, readBack }) => {
        if (inFlight.signal.aborted) return;
        const { purpose, item, ...outcome } = decided;
        const result: ActionItemResult = {
          ...outcome,
          action,
          batch: this.config.batch,
          index: target.index,
          resourceId: target.id,
          done: isActionDone(action, decided),
          ...(readBack ? { applied: readBack.applied, differences: readBack.differences } : {}),
          ...(readBack?.appliedAfterMs ? { appliedAfterMs: readBack.appliedAfterMs } : {}),
          call: decided,
          calls,
        };
        this.#outcomes = { ...this.#outcomes, [target.index]: result };
        results.push(result);
        this.#setRunning(action);
        this.hooks.emit(ACTION_RESULT_EVENT, result);
      });
    });
    void Promise.all(acted).then(async () => {
      // After the groups: a user is deleted only once no group of the page has it as a member.
      if (inFlight.signal.aborted) return;
      const memberUsers = deletesMembers ? await this.#deleteMemberUsers(settings) : undefined;
      if (inFlight.signal.aborted) return;
      this.#inFlight = undefined;
      this.#setRunning(null);
      // Batch order is also the order the calls were sent in.
      results.sort((a, b) => a.index - b.index);
      const calls = [...results.flatMap((result) => result.calls), ...(memberUsers ?? []).flatMap((result) => result.calls)];
      this.hooks.emit(ACTION_COMPLETE_EVENT, { action, batch: this.config.batch, results, ...(memberUsers ? { memberUsers } : {}), calls } satisfies ActionResult);
    });
  }

  /** Deletes the member users no group of the page holds, and names those kept; each deletion is read back. */
  async #deleteMemberUsers(settings: CallSettings): Promise<MemberUserResult[]> {
    // Not one another batch's Delete deleted meanwhile (see memberUsersOf).
    const users = memberUsersOf(this.#memberUsers).filter(({ id }) => !this.#memberGone(id));
    const ended = await deleteMemberUsers(users, this.#held, this.owned.guard(this.log.sender(settings)));
    for (const result of ended) this.#memberResults = { ...this.#memberResults, [result.resourceId]: result };
    return ended;
  }

  #memberGone(id: string): boolean {
    const result = this.#memberResults[id];
    return result !== undefined && 'done' in result && result.done && result.applied !== false;
  }

  /** The member users Delete can delete now: not deleted, and in no group of the page that is not deleted. */
  #memberUsersLeft(): MemberUser[] {
    const held = this.#held();
    return memberUsersOf(this.#memberUsers).filter(({ id }) => !this.#memberGone(id) && !held.includes(id) && !heldElsewhere(id, this.#held));
  }

  #appliesToType(action: ActionKind): boolean {
    return (ACTIONS[action].resourceTypes as readonly ResourceType[]).includes(this.config.resourceType);
  }

  #targetsOf(action: ActionKind): Target[] {
    return this.#targets.filter((target) => appliesTo(action, target));
  }

  #setRunning(running: ActionKind | null): void {
    this.#running = running;
    this.hooks.onChange(this.state);
  }
}
