import { readApiKey } from '../page/api-key';
import type { GeneratorConfig } from '../page/config';
import { emailDomainFor } from '../page/email-domains';
import { PLAN_CARD_DELAY_MS } from '../public/constants';
import { COMPLETE_EVENT, RESULT_EVENT } from '../public/event-names';
import { createRecordGenerator, type RecordGenerator } from '../scim/generate';
import { readEdits } from '../scim/editing/read-edits';
import type { ResourceSchema } from '../scim/server-schema/definitions';
import type { ActionKind } from './actions';
import { CallLog } from './call-log';
import { pageFacts, pageFetch } from './diagnose';
import { draftFor, newDraft } from './draft';
import type { FollowUps } from './follow-ups';
import { EarlierPresses } from './earlier-presses';
import type { PressOrigin } from './kept-press';
import { runBatch } from './run-batch';
import { discoverSchema } from './server-schemas';
import type { BatchState, EditorState, GeneratorState, RecordDraft } from './state';
import { watchApiKey } from './watch-api-key';

/** What a session reads and changes of its element's controller (controller.ts). */
export interface SessionOwner {
  readonly host: HTMLElement;
  getState(): GeneratorState;
  updateBatch(change: Partial<BatchState>): void;
  setEarlier(earlier: GeneratorState['earlier']): void;
  setEditor(change: Partial<EditorState>): void;
}

/**
 * What a press needs, in the lazily loaded runtime (the controller keeps only the state, which the
 * button renders): one element's batches in flight, the actions and Check on the last one, the
 * Delete of earlier ones that left something on the server, the watch on the stored key and the
 * record generator. The controller makes it at the first press and keeps it while the element
 * lives, so that a seeded sequence and the batch numbers continue.
 */
export class BatchSession {
  #batch: AbortController | undefined;
  #planCardTimer: ReturnType<typeof setTimeout> | undefined;
  #followUps: FollowUps | undefined;
  /** The batch whose state the lines show: an update of another (an earlier press's Delete) goes to its earlier entry. */
  #batchId: string | undefined;
  /** Where the last batch went, for keeping what it leaves on the server (see EarlierPresses.keepOnServer). */
  #batchTarget: Pick<PressOrigin, 'baseUrl' | 'profile'> | undefined;
  /** The earlier presses that left something Delete can reach, of this page load and kept from earlier ones. */
  readonly #earlier = new EarlierPresses({
    getState: () => this.owner.getState(),
    setEarlier: (earlier) => this.owner.setEarlier(earlier),
    lastBatch: () => {
      const actions = this.#followUps?.actions;
      return actions && this.#batchId && this.#batchTarget ? { actions, batchId: this.#batchId, target: this.#batchTarget } : undefined;
    },
    emit: (type, detail) => this.#emit(type, detail),
  });
  /** Batches a later press replaced while they were still sending: their calls go on (see abandon); the element's removal aborts them. */
  #replaced = new Set<AbortController>();
  /** The key the current batch sent; undefined before the first batch. */
  #batchApiKey: string | null | undefined;
  /** Stops watching the stored key, which starts with the first batch. */
  #stopWatchingApiKey: (() => void) | undefined;
  /** This element's record generator, kept across presses so that a seeded sequence continues. */
  #records: { seed: number | undefined; generate: RecordGenerator } | undefined;

  constructor(private readonly owner: SessionOwner) {}

  /**
   * Generates, sends and reports batch `batchId`; the controller has abandoned the last one and
   * emptied the lines. With a draft in the editor, the batch sends its text instead (see readEdits),
   * or nothing, with the text's problem in place of the lines.
   */
  run(attributes: GeneratorConfig, batchId: string): void {
    const batch = new AbortController();
    this.#batch = batch;
    this.#batchId = batchId;
    const { choices, editor } = this.owner.getState();
    // The reader's own domain for this server, read once per press, wins over the attribute's; an
    // attribute's that is not a domain name sends nothing, its message in place of the lines.
    const domain = emailDomainFor(attributes);
    if ('problem' in domain) return this.owner.updateBatch({ running: false, error: domain.problem });
    const config = { ...attributes, emailDomain: domain.domain };
    this.#batchTarget = { baseUrl: config.baseUrl, profile: config.profile };
    const generate = this.#recordGenerator(config.seed);
    let makeRecords = (schema?: ResourceSchema) => generate(config.resourceType, { active: choices.active, profile: config.profile, schema, emailDomain: config.emailDomain });
    let edited: boolean[] = [];
    // With `editor="off"` the reader cannot see a draft, so a press sends none.
    const draft = config.editor ? draftFor({ choices, editor }, config) : undefined;
    if (draft) {
      const read = readEdits(draft.text, draft.generated, config.resourceType, draft.schema);
      if (!read.ok) return this.owner.updateBatch({ running: false, error: read.message });
      makeRecords = () => read.records;
      edited = read.edited;
      // A draft no one edited only showed the generator's next batch: the press after this one makes new records.
      if (!edited.includes(true)) this.owner.setEditor({ draft: undefined });
    }
    const apiKey = readApiKey();
    this.#batchApiKey = apiKey;
    const current = () => batchId === this.#batchId;
    runBatch(config, makeRecords, { apiKey, addMembers: choices.addMembers, edited }, {
      signal: batch.signal,
      batchId,
      update: (change) => {
        if (!current()) return this.#earlier.changed();
        this.owner.updateBatch(change);
        if (change.actions) this.#earlier.keepOnServer();
      },
      // A replaced batch's own events would count among the new press's ten; its actions' events name their press (`batch`).
      emit: (type, detail) => (current() || !BATCH_EVENTS.includes(type)) && this.#emit(type, detail),
      made: (made) => this.#earlier.making(batchId, made, config),
      finished: (followUps) => {
        this.#earlier.finished(batchId);
        if (current()) this.#followUps = followUps;
        else {
          this.#replaced.delete(batch);
          this.#earlier.keep(batchId, followUps.actions, config);
          this.#earlier.show();
        }
        this.#earlier.keepOnServer();
      },
    });
    // Once the calls are out: the first watch registers with the browser's storage, which took 2 ms of the press.
    this.#watchApiKey();
  }

  /**
   * The records the next press sends unless the reader edits them: the generator's next batch (so,
   * with `seed`, the seed's), fitted to the server's schema with `schema="discover"`. The schema's
   * reads are the editor's, before any batch: no batch's log shows them.
   */
  async draftRecords(config: GeneratorConfig, signal: AbortSignal): Promise<RecordDraft> {
    const domain = emailDomainFor(config);
    if ('problem' in domain) throw new Error(domain.problem);
    let schema: ResourceSchema | undefined;
    if (config.schema === 'discover') {
      const settings = { apiKey: readApiKey(), timeoutMs: config.timeoutMs, signal, ...pageFetch(pageFacts(), config.baseUrl) };
      const reading = await discoverSchema(config, new CallLog().sender(settings));
      if (reading.ok) schema = reading.value;
    }
    const { active } = this.owner.getState().choices;
    const generated = this.#recordGenerator(config.seed)(config.resourceType, { active, profile: config.profile, schema, emailDomain: domain.domain });
    return newDraft(config, active, generated, schema);
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
    if (keyChanged !== this.owner.getState().batch.keyChanged) this.owner.updateBatch({ keyChanged });
  }

  /** Clicks a plan card in the document after a short delay: the hand-off to the key page. */
  selectPlanCardLater(selector: string, index: number): void {
    clearTimeout(this.#planCardTimer);
    this.#planCardTimer = setTimeout(() => {
      try {
        this.owner.host.ownerDocument.querySelectorAll<HTMLElement>(selector)[index]?.click();
      } catch {
        // An invalid selector selects nothing.
      }
    }, PLAN_CARD_DELAY_MS);
  }

  /** Deletes what an earlier press left on the server (see EarlierPresses.delete). */
  deleteEarlier(id: string): void {
    this.#earlier.delete(id);
  }

  /** Drops a press of an earlier visit, sending nothing (see EarlierPresses.forget). */
  forgetEarlier(id: string): void {
    this.#earlier.forget(id);
  }

  /** Takes up what presses before this page load left at `config`'s base URL (see EarlierPresses.restore). */
  restoreEarlier(config: Pick<GeneratorConfig, 'baseUrl' | 'timeoutMs'>): void {
    this.#earlier.restore(config);
  }

  /**
   * Before a new press: stops the batch in flight and what follows it. The last batch's actions stay
   * while Delete can still reach something of it (a resource, or a user made to be a member), so that
   * what earlier presses made can be deleted from the page; earlier presses with nothing left go.
   * Delete addresses only its own batch's resources, so an earlier press's Delete may run beside the
   * new batch's actions and Check: a member user it would delete that the new batch's groups hold is kept.
   */
  abandon(): void {
    // A batch still sending goes on, unseen: aborting a POST the server has taken would leave a resource no
    // line names. Once it has finished, what it made is kept like the last batch's (see run's `finished`).
    if (this.#batch && !this.#followUps && this.owner.getState().batch.running) this.#replaced.add(this.#batch);
    else this.#batch?.abort();
    this.#followUps?.abandon();
    if (this.#followUps && this.#batchId && this.#batchTarget) this.#earlier.keep(this.#batchId, this.#followUps.actions, this.#batchTarget);
    this.#followUps = undefined;
    this.#earlier.dropDone();
  }

  /** Stops everything in flight and forgets the batches: the element has left the page. */
  reset(): void {
    this.abandon();
    for (const sending of this.#replaced) sending.abort();
    this.#replaced.clear();
    this.#earlier.reset();
    this.#batchApiKey = undefined;
    this.#stopWatchingApiKey?.();
    this.#stopWatchingApiKey = undefined;
    clearTimeout(this.#planCardTimer);
  }

  /** From the first batch on, marks the batch's notice out of date when the stored key changes. */
  #watchApiKey(): void {
    // A document without a window (a template's, say) has no storage to watch.
    const view = this.owner.host.ownerDocument.defaultView;
    if (view) this.#stopWatchingApiKey ??= watchApiKey((apiKey) => this.apiKeyChanged(apiKey), view);
  }

  /** The generator for `seed`: the same one press after press, a new one when the seed changes. */
  #recordGenerator(seed: number | undefined): RecordGenerator {
    if (!this.#records || this.#records.seed !== seed) this.#records = { seed, generate: createRecordGenerator(seed) };
    return this.#records.generate;
  }

  #emit(type: string, detail: unknown): void {
    this.owner.host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

/** The events of a batch's own items and of its end: a replaced batch sends none (see run). */
const BATCH_EVENTS: readonly string[] = [RESULT_EVENT, COMPLETE_EVENT];
