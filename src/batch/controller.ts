import { readApiKey } from '../page/api-key';
import type { GeneratorConfig } from '../page/config';
import { PLAN_CARD_DELAY_MS } from '../public/constants';
import type { RecordGenerator } from '../scim/generate';
import type { ResourceSchema } from '../scim/server-schema/definitions';
import type { ActionKind } from './actions';
import type { FollowUps } from './follow-ups';
import { batchRuntime, type BatchRuntime } from './load-runtime';
import { INITIAL_STATE, NO_BATCH, type BatchState, type Choices, type GeneratorState } from './state';

/**
 * One element's state and its batches' lifecycle: a press generates the records and hands them to
 * runBatch (lazily loaded), a new press or a removal abandons what is in flight. It lives outside
 * React so that moving the element in the DOM (r2wc unmounts and remounts React on every move)
 * keeps the batch and its lines.
 */
export class BatchController {
  #state: GeneratorState = INITIAL_STATE;
  #listeners = new Set<() => void>();
  #batch: AbortController | undefined;
  #batchNumber = 0;
  #planCardTimer: ReturnType<typeof setTimeout> | undefined;
  #followUps: FollowUps | undefined;
  /** The key the current batch sent; undefined before the first press. */
  #batchApiKey: string | null | undefined;
  /** Stops watching the stored key, which starts with the first batch. */
  #stopWatchingApiKey: (() => void) | undefined;
  /** This element's record generator, kept across presses so that a seeded sequence continues. */
  #records: { seed: number | undefined; generate: RecordGenerator } | undefined;

  constructor(private readonly host: HTMLElement) {}

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getState = (): GeneratorState => this.#state;

  /** Abandons any batch in flight, empties the lines, then generates, sends and reports a new batch. */
  runBatch(config: GeneratorConfig): void {
    this.#abandon();
    const batch = new AbortController();
    this.#batch = batch;
    const batchId = String(++this.#batchNumber);
    this.#setBatch({ ...NO_BATCH, running: true });

    const start = (runtime: BatchRuntime) => {
      if (batch !== this.#batch) return;
      const { active, addMembers } = this.#state.choices;
      const generate = this.#recordGenerator(runtime, config.seed);
      const makeRecords = (schema?: ResourceSchema) => generate(config.resourceType, { active, profile: config.profile, schema });
      const apiKey = readApiKey();
      this.#batchApiKey = apiKey;
      runtime.runBatch(config, makeRecords, { apiKey, addMembers }, {
        signal: batch.signal,
        batchId,
        update: (change) => this.#updateBatch(change),
        emit: (type, detail) => this.#emit(type, detail),
        finished: (followUps) => {
          this.#followUps = followUps;
        },
      });
      // Once the calls are out: the first watch registers with the browser's storage, which took 2 ms of the press.
      this.#watchApiKey(runtime);
    };
    const loaded = batchRuntime.loaded();
    if (loaded) {
      start(loaded); // same task as the press: no await before the calls go out
      return;
    }
    batchRuntime.preload().then(start, () => {
      if (batch === this.#batch) this.#setBatch({ ...NO_BATCH, error: 'Could not load the record generator' });
    });
  }

  setChoices(choices: Partial<Choices>): void {
    this.#setState({ ...this.#state, choices: { ...this.#state.choices, ...choices } });
  }

  /** Runs an action of the table on what the last batch created, once it has finished. */
  runAction(action: ActionKind): void {
    this.#followUps?.runAction(action);
  }

  runChecks(): void {
    this.#followUps?.runChecks();
  }

  /** The stored key as now read; a batch sent with another key gets its notice marked out of date. */
  apiKeyChanged(apiKey: string | null): void {
    const keyChanged = this.#batchApiKey !== undefined && apiKey !== this.#batchApiKey;
    if (keyChanged !== this.#state.batch.keyChanged) this.#updateBatch({ keyChanged });
  }

  /** Clicks a plan card in the document after a short delay: the hand-off to the key page. */
  selectPlanCardLater(selector: string, index: number): void {
    clearTimeout(this.#planCardTimer);
    this.#planCardTimer = setTimeout(() => {
      try {
        this.host.ownerDocument.querySelectorAll<HTMLElement>(selector)[index]?.click();
      } catch {
        // An invalid selector selects nothing.
      }
    }, PLAN_CARD_DELAY_MS);
  }

  /** Stops everything in flight and forgets the batch: the element has left the page. */
  reset(): void {
    this.#abandon();
    this.#batch = undefined;
    this.#batchApiKey = undefined;
    this.#stopWatchingApiKey?.();
    this.#stopWatchingApiKey = undefined;
    clearTimeout(this.#planCardTimer);
    this.#setState(INITIAL_STATE);
  }

  #abandon(): void {
    this.#batch?.abort();
    this.#followUps?.abandon();
    this.#followUps = undefined;
  }

  /** From the first batch on, marks the batch's notice out of date when the stored key changes. */
  #watchApiKey({ watchApiKey }: BatchRuntime): void {
    // A document without a window (a template's, say) has no storage to watch.
    const view = this.host.ownerDocument.defaultView;
    if (view) this.#stopWatchingApiKey ??= watchApiKey((apiKey) => this.apiKeyChanged(apiKey), view);
  }

  /** The generator for `seed`: the same one press after press, a new one when the seed changes. */
  #recordGenerator({ createRecordGenerator }: BatchRuntime, seed: number | undefined): RecordGenerator {
    if (!this.#records || this.#records.seed !== seed) this.#records = { seed, generate: createRecordGenerator(seed) };
    return this.#records.generate;
  }

  #updateBatch(change: Partial<BatchState>): void {
    this.#setState({ ...this.#state, batch: { ...this.#state.batch, ...change } });
  }

  #setBatch(batch: BatchState): void {
    this.#setState({ ...this.#state, batch });
  }

  #setState(state: GeneratorState): void {
    this.#state = state;
    this.#listeners.forEach((listener) => listener());
  }

  #emit(type: string, detail: unknown): void {
    this.host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

const controllers = new WeakMap<HTMLElement, BatchController>();

export function batchControllerFor(host: HTMLElement): BatchController {
  let controller = controllers.get(host);
  if (!controller) {
    controller = new BatchController(host);
    controllers.set(host, controller);
  }
  return controller;
}
