import { readApiKey } from '../page/api-key';
import type { GeneratorConfig } from '../page/config';
import { emailDomainFor } from '../page/email-domains';
import { PLAN_CARD_DELAY_MS } from '../public/constants';
import { createRecordGenerator, type RecordGenerator } from '../scim/generate';
import { readEdits } from '../scim/editing/read-edits';
import type { ResourceSchema } from '../scim/server-schema/definitions';
import type { ActionKind } from './actions';
import { CallLog } from './call-log';
import { pageFacts, pageFetch } from './diagnose';
import { draftFor, newDraft } from './draft';
import type { FollowUps } from './follow-ups';
import { runBatch } from './run-batch';
import { discoverSchema } from './server-schemas';
import type { BatchState, EditorState, GeneratorState, RecordDraft } from './state';
import { watchApiKey } from './watch-api-key';

/** What a session reads and changes of its element's controller (controller.ts). */
export interface SessionOwner {
  readonly host: HTMLElement;
  getState(): GeneratorState;
  updateBatch(change: Partial<BatchState>): void;
  setEditor(change: Partial<EditorState>): void;
}

/**
 * What a press needs, in the lazily loaded runtime (the controller keeps only the state, which the
 * button renders): one element's batches in flight, the actions and Check on the last one, the
 * watch on the stored key and the record generator. The controller makes it at the first press and
 * keeps it while the element lives, so that a seeded sequence and the batch numbers continue.
 */
export class BatchSession {
  #batch: AbortController | undefined;
  #planCardTimer: ReturnType<typeof setTimeout> | undefined;
  #followUps: FollowUps | undefined;
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
    const { choices, editor } = this.owner.getState();
    // The reader's own domain for this server, read once per press, wins over the attribute's; an
    // attribute's that is not a domain name sends nothing, its message in place of the lines.
    const domain = emailDomainFor(attributes);
    if ('problem' in domain) return this.owner.updateBatch({ running: false, error: domain.problem });
    const config = { ...attributes, emailDomain: domain.domain };
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
    runBatch(config, makeRecords, { apiKey, addMembers: choices.addMembers, edited }, {
      signal: batch.signal,
      batchId,
      update: (change) => this.owner.updateBatch(change),
      emit: (type, detail) => this.#emit(type, detail),
      finished: (followUps) => {
        this.#followUps = followUps;
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

  /** Stops the batch in flight and what follows it. */
  abandon(): void {
    this.#batch?.abort();
    this.#followUps?.abandon();
    this.#followUps = undefined;
  }

  /** Stops everything in flight and forgets the batch: the element has left the page. */
  reset(): void {
    this.abandon();
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
