import { readApiKey } from './api-key';
import type { ItemResult } from './batch-controller';
import type { GeneratorConfig } from './config';
import { ACTION_COMPLETE_EVENT, ACTION_RESULT_EVENT } from './constants';
import { sendScim, type ScimCallOptions, type ScimResult } from './scim/client';
import { DEACTIVATE_BODIES } from './scim/deactivate';
import { resourceUrl } from './scim/resource-url';
import type { ResourceType } from './scim/schemas';

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
}

/** `detail` of the action complete event: every call of the action, in batch order. */
export interface ActionResult {
  action: ActionKind;
  results: ActionItemResult[];
}

export interface ActionsState {
  /** What the batch created; null before a batch was tracked. */
  resourceType: ResourceType | null;
  /** How many resources the batch created that the actions can address (those with an id). */
  created: number;
  /** The action in flight, if any. */
  running: ActionKind | null;
  /** How many of the batch's created resources each action still has to act on. */
  remaining: Record<ActionKind, number>;
  /** The last action call of each item, by the item's index in its batch. */
  outcomes: Readonly<Record<number, ActionItemResult>>;
}

interface Resource {
  index: number;
  id: string;
  url: string;
  deactivated: boolean;
  deleted: boolean;
}

/** What the batch was created with: follow-up calls go to the same place, in the same dialect. */
export type ActionConfig = Pick<GeneratorConfig, 'resourceType' | 'baseUrl' | 'endpoint' | 'timeoutMs' | 'profile'>;

const EMPTY: ActionsState = { resourceType: null, created: 0, running: null, remaining: { deactivate: 0, delete: 0 }, outcomes: {} };

const isTarget = (action: ActionKind, resource: Resource) =>
  !resource.deleted && (action === 'delete' || !resource.deactivated);

/**
 * The follow-up actions on one batch's created resources: deactivate (users) and delete, one call
 * per resource, in parallel. A new batch, or the element leaving the page, abandons them.
 */
export class BatchActions {
  #state: ActionsState = EMPTY;
  #listeners = new Set<() => void>();
  #resources: Resource[] = [];
  #config: ActionConfig | undefined;
  #inFlight: AbortController | undefined;

  constructor(private readonly emit: (type: string, detail: unknown) => void) {}

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getState = (): ActionsState => this.#state;

  /** Takes over a finished batch: its created resources with an id become the targets. */
  track(config: ActionConfig, results: readonly ItemResult[]): void {
    this.abandon();
    this.#config = config;
    this.#resources = results.flatMap(({ ok, id, location, index }) => {
      const url = ok && id !== undefined ? resourceUrl(config.baseUrl, config.endpoint, id, location) : null;
      return url === null || id === undefined ? [] : [{ index, id, url, deactivated: false, deleted: false }];
    });
    this.#update({ running: null, outcomes: {} });
  }

  /** Stops calls in flight and forgets the batch. */
  abandon(): void {
    this.#inFlight?.abort();
    this.#inFlight = undefined;
    this.#resources = [];
    this.#config = undefined;
    this.#update({ running: null, outcomes: {} });
  }

  /** Sends the action's call for every resource it still applies to, with the key stored now. */
  run(action: ActionKind): void {
    const config = this.#config;
    const targets = this.#resources.filter((resource) => isTarget(action, resource));
    if (!config || targets.length === 0 || (action === 'deactivate' && config.resourceType !== 'Users')) return;
    this.#inFlight?.abort();
    const inFlight = new AbortController();
    this.#inFlight = inFlight;
    const apiKey = readApiKey();
    const results: ActionItemResult[] = [];
    this.#update({ running: action, outcomes: this.#state.outcomes });

    targets.forEach((resource) => {
      void sendScim({ ...callFor(action, resource, config), apiKey, timeoutMs: config.timeoutMs, signal: inFlight.signal }).then(
        (sent) => {
          if (inFlight.signal.aborted) return;
          const done = sent.ok || (action === 'delete' && sent.status === 404);
          const result: ActionItemResult = { ...sent, action, index: resource.index, resourceId: resource.id, done };
          if (done && action === 'delete') resource.deleted = true;
          if (done && action === 'deactivate') resource.deactivated = true;
          results.push(result);
          const finished = results.length === targets.length;
          this.#update({ running: finished ? null : action, outcomes: { ...this.#state.outcomes, [resource.index]: result } });
          this.emit(ACTION_RESULT_EVENT, result);
          if (finished) {
            this.#inFlight = undefined;
            this.emit(ACTION_COMPLETE_EVENT, { action, results: results.sort((a, b) => a.index - b.index) } satisfies ActionResult);
          }
        },
      );
    });
  }

  #update({ running, outcomes }: Pick<ActionsState, 'running' | 'outcomes'>): void {
    const count = (action: ActionKind) => this.#resources.filter((resource) => isTarget(action, resource)).length;
    const resourceType = this.#config?.resourceType ?? null;
    const remaining = { deactivate: resourceType === 'Users' ? count('deactivate') : 0, delete: count('delete') };
    this.#state = { resourceType, created: this.#resources.length, running, remaining, outcomes };
    this.#listeners.forEach((listener) => listener());
  }
}

/** Deactivate speaks the dialect of the profile the batch was created with. */
function callFor(action: ActionKind, { url }: Resource, { profile }: ActionConfig): Pick<ScimCallOptions, 'method' | 'url' | 'body'> {
  return action === 'delete' ? { method: 'DELETE', url } : { method: 'PATCH', url, body: DEACTIVATE_BODIES[profile] };
}
