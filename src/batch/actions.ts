import { ACTION_COMPLETE_EVENT, ACTION_RESULT_EVENT } from '../event-names';
import { actionDone, type ScimCall } from '../scim/call';
import type { ScimResult } from '../scim/client';
import { PROFILE_MODULES } from '../scim/profiles';
import type { ResourceType } from '../scim/schemas';
import type { GeneratorConfig } from '../config';
import type { CallRequest } from '../scim/call';
import type { CallLog, CallSettings } from './call-log';
import { createdResources } from './created';
import { forgetDeletedUser } from './known-users';
import type { ItemResult } from './results';

export type ActionKind = 'deactivate' | 'delete';

/** `detail` of the action result event: one call of an action, for one created resource. */
export interface ActionItemResult extends ScimResult {
  action: ActionKind;
  /** Position in its batch of the item whose resource this call acted on, 0 to 9. */
  index: number;
  /** The `id` the server gave the resource when it was created. */
  resourceId: string;
  /** The resource is now as the action meant: a 2xx, or for a delete also 404 (already gone). */
  done: boolean;
  /** The call, as the batch's call log holds it. */
  call: ScimCall;
}

/** `detail` of the action complete event: every call of the action, in batch order. */
export interface ActionResult {
  action: ActionKind;
  results: ActionItemResult[];
  /** The action's calls, in the order sent (batch order). */
  calls: ScimCall[];
}

export interface ActionsState {
  resourceType: ResourceType;
  /** How many resources the batch created that the actions can address (those with an id). */
  created: number;
  /** The action in flight, if any. */
  running: ActionKind | null;
  /** How many of the batch's created resources each action still has to act on. */
  remaining: Record<ActionKind, number>;
}

/** How a follow-up of a batch (its actions, Check) reaches the element. */
export interface FollowUpHooks<State> {
  /** The key stored now: a follow-up sends the key the page holds when it is pressed. */
  readApiKey(): string | null;
  onChange(state: State): void;
  emit(type: string, detail: unknown): void;
}

/** What the batch was created with: follow-up calls go to the same place, in the same dialect. */
export type ActionConfig = Pick<GeneratorConfig, 'resourceType' | 'baseUrl' | 'endpoint' | 'timeoutMs' | 'profile'>;

interface Resource {
  index: number;
  id: string;
  url: string;
  deactivated: boolean;
  deleted: boolean;
}

const isTarget = (action: ActionKind, resource: Resource) =>
  !resource.deleted && (action === 'delete' || !resource.deactivated);

/**
 * The follow-up actions on one finished batch's created resources: deactivate (users) and delete,
 * one call per resource, in parallel, each logged in the batch's call log. A new batch, or the
 * element leaving the page, abandons them.
 */
export class BatchActions {
  #resources: Resource[];
  #running: ActionKind | null = null;
  #inFlight: AbortController | undefined;

  constructor(
    private readonly config: ActionConfig,
    results: readonly Pick<ItemResult, 'index' | 'status' | 'id' | 'location'>[],
    private readonly log: CallLog,
    private readonly hooks: FollowUpHooks<ActionsState>,
  ) {
    this.#resources = createdResources(config.endpoint, results).map(({ result, id, url }) => ({
      index: result.index,
      id,
      url,
      deactivated: false,
      deleted: false,
    }));
  }

  get state(): ActionsState {
    const count = (action: ActionKind) => this.#resources.filter((resource) => isTarget(action, resource)).length;
    const { resourceType } = this.config;
    return {
      resourceType,
      created: this.#resources.length,
      running: this.#running,
      remaining: { deactivate: resourceType === 'Users' ? count('deactivate') : 0, delete: count('delete') },
    };
  }

  /** Stops calls in flight; their answers are not taken. */
  abandon(): void {
    this.#inFlight?.abort();
    this.#inFlight = undefined;
  }

  /** Sends the action's call for every resource it still applies to, with the key stored now. */
  run(action: ActionKind): void {
    const targets = this.#resources.filter((resource) => isTarget(action, resource));
    if (targets.length === 0 || (action === 'deactivate' && this.config.resourceType !== 'Users')) return;
    this.#inFlight?.abort();
    const inFlight = new AbortController();
    this.#inFlight = inFlight;
    const settings: CallSettings = { apiKey: this.hooks.readApiKey(), timeoutMs: this.config.timeoutMs, signal: inFlight.signal };
    const results: ActionItemResult[] = [];
    this.#setRunning(action);

    targets.forEach((resource) => {
      void this.log.sender(settings, resource.index)(this.#requestFor(action, resource), action).then((call) => {
        if (inFlight.signal.aborted) return;
        const done = actionDone(call);
        if (done && action === 'delete') {
          resource.deleted = true;
          forgetDeletedUser(resource.id);
        }
        if (done && action === 'deactivate') resource.deactivated = true;
        const { purpose, item, ...outcome } = call;
        const result: ActionItemResult = { ...outcome, action, index: resource.index, resourceId: resource.id, done, call };
        results.push(result);
        const finished = results.length === targets.length;
        if (finished) this.#inFlight = undefined;
        this.#setRunning(finished ? null : action);
        this.hooks.emit(ACTION_RESULT_EVENT, result);
        if (!finished) return;
        // Batch order is also the order the calls were sent in.
        results.sort((a, b) => a.index - b.index);
        this.hooks.emit(ACTION_COMPLETE_EVENT, { action, results, calls: results.map(({ call }) => call) } satisfies ActionResult);
      });
    });
  }

  #setRunning(running: ActionKind | null): void {
    this.#running = running;
    this.hooks.onChange(this.state);
  }

  /** Deactivate speaks the dialect of the profile the batch was created with. */
  #requestFor(action: ActionKind, { url }: Resource): CallRequest {
    return action === 'delete'
      ? { method: 'DELETE', url }
      : { method: 'PATCH', url, body: PROFILE_MODULES[this.config.profile].setActive(false) };
  }
}
