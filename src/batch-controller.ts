import { readApiKey } from './api-key';
import type { BatchActions } from './batch-actions';
import type { GeneratorConfig } from './config';
import type { ScimResult } from './scim/client';
import type { MemberPlan } from './scim/members/assign-members';
import type { RecordGenerator } from './scim/generate';
import { loadedBatchModule, preloadBatchModule, type BatchModule } from './scim/load-batch-module';
import { COMPLETE_EVENT, PLAN_CARD_DELAY_MS, RESULT_EVENT } from './constants';
import { recordName, type ScimRecord } from './scim/schemas';

/** `detail` of the result event: one finished item. */
export interface ItemResult extends ScimResult {
  /** Position of the item in its batch, 0 to 9. */
  index: number;
  /** The created record's name (`displayName`, else a user's `name.formatted`); only on success. */
  name?: string;
  /** The record that was sent. */
  record: ScimRecord;
}

/** `detail` of the complete event: every item of the batch, in batch order. */
export interface BatchResult {
  results: ItemResult[];
}

export interface ResultLine extends ItemResult {
  /** Unique across batches, for list keys. */
  key: string;
}

export interface GeneratorState {
  /** Lines in the order their responses arrived. */
  lines: readonly ResultLine[];
  running: boolean;
  /** Set when the batch could not start at all (the batch module failed to load). */
  error?: string;
  /** The "Create activated users" checkbox, kept here so that moving the element keeps it too. */
  active: boolean;
  /** The "Add members" checkbox (Groups), kept here for the same reason. */
  addMembers: boolean;
  /** Why the batch's groups got no members, when they asked for some. */
  note?: string;
  /** The stored API key is no longer the one this batch sent, so a 401 or 429 notice is out of date. */
  keyChanged?: boolean;
  /** Deactivate and Delete for what the last finished batch created; set once a batch has finished. */
  actions?: BatchActions;
}

const IDLE: GeneratorState = { lines: [], running: false, active: false, addMembers: false };

/**
 * One element's batches: generate records, send them, collect the results, tell the host page.
 * It lives outside React so that moving the element in the DOM (r2wc unmounts and remounts
 * React on every move) keeps the batch and its lines.
 */
export class BatchController {
  #state: GeneratorState = IDLE;
  #listeners = new Set<() => void>();
  #batch: AbortController | undefined;
  #batchNumber = 0;
  #planCardTimer: ReturnType<typeof setTimeout> | undefined;
  /** Made from the batch module once the first batch finishes, so the page does not load it before. */
  #actions: BatchActions | undefined;
  /** The key the current batch sent; undefined before the first press. */
  #batchApiKey: string | null | undefined;
  /** This element's record generator, kept across presses so that a seeded sequence continues. */
  #records: { seed: number | undefined; generate: RecordGenerator } | undefined;

  constructor(private readonly host: HTMLElement) {}

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getState = (): GeneratorState => this.#state;

  /** Abandons any batch in flight, empties the lines, then generates, sends and reports a new batch. */
  runBatch(config: GeneratorConfig, options: { active: boolean; addMembers?: boolean }): void {
    this.#batch?.abort();
    this.#actions?.abandon();
    const batch = new AbortController();
    this.#batch = batch;
    const batchId = String(++this.#batchNumber);
    this.#setState({ lines: [], running: true });

    const start = (batchModule: BatchModule) => {
      if (batch !== this.#batch) return;
      let records: ScimRecord[];
      try {
        const generate = this.#recordGenerator(batchModule, config.seed);
        records = generate(config.resourceType, { active: options.active, profile: config.profile });
      } catch (error) {
        this.#setState({ lines: [], running: false, error: error instanceof Error ? error.message : String(error) });
        return;
      }
      const apiKey = readApiKey();
      const send = (plan: MemberPlan, stoppedBy?: ScimResult) =>
        this.#send(batchModule, plan, config, { batch, batchId, apiKey, stoppedBy });
      if (config.resourceType !== 'Groups' || !options.addMembers) return send({ records, patches: [] });
      void batchModule.addMembers(records, config, { apiKey, timeoutMs: config.timeoutMs, signal: batch.signal }).then((added) => {
        if (batch !== this.#batch) return;
        this.#setState({ ...this.#state, note: added.note });
        send(added.plan, added.stoppedBy);
      });
    };
    const loaded = loadedBatchModule();
    if (loaded) {
      start(loaded); // same task as the press: no await before the calls go out
      return;
    }
    preloadBatchModule().then(start, () => {
      if (batch === this.#batch) this.#setState({ lines: [], running: false, error: 'Could not load the record generator' });
    });
  }

  setActive(active: boolean): void {
    this.#setState({ ...this.#state, active });
  }

  setAddMembers(addMembers: boolean): void {
    this.#setState({ ...this.#state, addMembers });
  }

  /** The stored key as now read; a batch sent with another key gets its notice marked out of date. */
  apiKeyChanged(apiKey: string | null): void {
    const keyChanged = this.#batchApiKey !== undefined && apiKey !== this.#batchApiKey;
    if (keyChanged !== Boolean(this.#state.keyChanged)) this.#setState({ ...this.#state, keyChanged });
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

  /** Stops everything in flight and forgets the lines: the element has left the page. */
  reset(): void {
    this.#batch?.abort();
    this.#batch = undefined;
    this.#actions?.abandon();
    this.#batchApiKey = undefined;
    clearTimeout(this.#planCardTimer);
    this.#setState(IDLE);
  }

  /** The generator for `seed`: the same one press after press, a new one when the seed changes. */
  #recordGenerator({ createRecordGenerator }: BatchModule, seed: number | undefined): RecordGenerator {
    if (!this.#records || this.#records.seed !== seed) this.#records = { seed, generate: createRecordGenerator(seed) };
    return this.#records.generate;
  }

  /** Sends the records; when a lookup before the batch was refused (401, 429), each item ends with that answer instead. */
  #send(
    { createWithMembers, rememberCreatedUser, forgetDeletedUser, BatchActions }: BatchModule,
    { records, patches }: MemberPlan,
    config: GeneratorConfig,
    { batch, batchId, apiKey, stoppedBy }: { batch: AbortController; batchId: string; apiKey: string | null; stoppedBy?: ScimResult },
  ): void {
    this.#batchApiKey = apiKey;
    const results: ItemResult[] = [];
    let finished = 0;
    records.forEach((record, index) => {
      const call = { method: 'POST', url: config.endpoint, body: record, apiKey, timeoutMs: config.timeoutMs } as const;
      const sending = stoppedBy ? Promise.resolve(stoppedBy) : createWithMembers({ ...call, signal: batch.signal }, patches[index], config.baseUrl);
      void sending.then(
        (sent) => {
          if (batch.signal.aborted) return;
          rememberCreatedUser(config.baseUrl, record, sent);
          const result: ItemResult = { ...sent, index, record, ...(sent.ok ? { name: recordName(record) } : {}) };
          results[index] = result;
          const running = ++finished < records.length;
          this.#setState({ ...this.#state, lines: [...this.#state.lines, { ...result, key: `${batchId}-${index}` }], running });
          this.#emit(RESULT_EVENT, result);
          if (running) return;
          this.#actions ??= new BatchActions((type, detail) => {
            forgetDeletedUser(detail as object);
            this.#emit(type, detail);
          });
          this.#actions.track(config, results);
          this.#setState({ ...this.#state, actions: this.#actions });
          this.#emit(COMPLETE_EVENT, { results } satisfies BatchResult);
        },
      );
    });
  }

  #setState(state: Omit<GeneratorState, 'active' | 'addMembers'> & Partial<Pick<GeneratorState, 'active' | 'addMembers'>>): void {
    const { active, addMembers } = this.#state;
    this.#state = { ...state, active: state.active ?? active, addMembers: state.addMembers ?? addMembers };
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
