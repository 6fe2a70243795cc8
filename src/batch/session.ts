import { readApiKey } from '../page/api-key';
import type { GeneratorConfig } from '../page/config';
import { emailDomainFor } from '../page/email-domains';
import { PLAN_CARD_DELAY_MS } from '../public/constants';
import { COMPLETE_EVENT, RESULT_EVENT } from '../public/event-names';
import { createRecordGenerator, type RecordGenerator } from '../scim/generate';
import { withKeyShown } from '../scim/secrets/key-token';
import { readEdits } from '../scim/editing/read-edits';
import type { ResourceSchema } from '../scim/server-schema/definitions';
import { recordName } from '../scim/records/records';
import type { ActionKind, ActionsState, BatchActions } from './actions';
import { CallLog } from './call-log';
import { pageFacts, pageFetch } from './diagnose';
import { draftFor, newDraft } from './draft';
import type { FollowUps } from './follow-ups';
import { keptPress, restoredActions, type PressOrigin } from './kept-press';
import { keepLeftOnServer, leftOnServer, type Made } from './left-on-server';
import { runBatch } from './run-batch';
import { discoverSchema } from './server-schemas';
import type { BatchState, EarlierBatch, EditorState, GeneratorState, RecordDraft } from './state';
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
  /** The actions of earlier presses the page still shows, by their EarlierBatch id (see abandon and restoreEarlier). */
  #earlier = new Map<string, EarlierEntry>();
  /** What the batches still sending have made so far, by batch id, with where (see #keepLeftOnServer). */
  #making = new Map<string, { made: Made; origin: PressOrigin }>();
  /** Where the last batch went, for keeping what it leaves on the server (see #keepLeftOnServer). */
  #batchTarget: Pick<PressOrigin, 'baseUrl' | 'profile'> | undefined;
  /** This element's part of the keys of the presses it keeps across page loads: unique to it and to this page load. */
  readonly #pageLoad = `${Date.now().toString(36)}.${(elementsOnPage += 1)}`;
  /** The keys of the presses this element has kept or taken up: its next keeping replaces them. */
  readonly #keptKeys = new Set<string>();
  /** The base URLs whose kept presses this element has taken up (see restoreEarlier). */
  readonly #restoredAt = new Set<string>();
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
        if (!current()) return this.#earlierChanged();
        this.owner.updateBatch(change);
        if (change.actions) this.#keepLeftOnServer();
      },
      // A replaced batch's own events would count among the new press's ten; its actions' events name their press (`batch`).
      emit: (type, detail) => (current() || !BATCH_EVENTS.includes(type)) && this.#emit(type, detail),
      made: (made) => {
        this.#making.set(batchId, { made, origin: this.#originOf(batchId, config) });
        this.#keepLeftOnServer();
      },
      finished: (followUps) => {
        this.#making.delete(batchId);
        if (current()) this.#followUps = followUps;
        else {
          this.#replaced.delete(batch);
          this.#keep(batchId, followUps.actions, config);
          this.#showEarlier();
        }
        this.#keepLeftOnServer();
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

  /**
   * Deletes what an earlier press made and left on the server: one Delete at a time for each press,
   * and none while a batch is sending, since its groups may be taking that press's member users
   * before they hold them (see heldElsewhere).
   */
  deleteEarlier(id: string): void {
    const actions = this.#earlier.get(id)?.actions;
    if (actions && !actions.state.running && !this.owner.getState().batch.running) actions.run('delete');
  }

  /**
   * Drops a press of an earlier visit from the page and from what is kept (see left-on-server.ts),
   * sending nothing: for a server wiped or gone since, whose resources Delete cannot reach.
   */
  forgetEarlier(id: string): void {
    const entry = this.#earlier.get(id);
    if (!entry?.earlierVisit || entry.actions.state.running) return;
    this.#earlier.delete(id);
    this.#earlierChanged();
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
    if (this.#followUps && this.#batchId && this.#batchTarget) this.#keep(this.#batchId, this.#followUps.actions, this.#batchTarget);
    this.#followUps = undefined;
    for (const [id, { actions }] of this.#earlier) if (!canDelete(actions.state)) this.#earlier.delete(id);
    this.#showEarlier();
  }

  /** Stops everything in flight and forgets the batches: the element has left the page. */
  reset(): void {
    this.abandon();
    for (const sending of this.#replaced) sending.abort();
    this.#replaced.clear();
    // What they made so far stays kept, for the next element of this base URL to take up.
    this.#making.clear();
    for (const { actions } of this.#earlier.values()) actions.abandon();
    this.#earlier.clear();
    // What it kept stays kept, for the next element of this base URL to take up.
    for (const key of this.#keptKeys) takenUp.delete(key);
    this.#keptKeys.clear();
    this.#restoredAt.clear();
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

  /** Keeps a finished batch's actions while Delete can still reach something of it, with its resources' names for their lines. */
  #keep(batchId: string, actions: BatchActions, target: Pick<PressOrigin, 'baseUrl' | 'profile'>): void {
    if (canDelete(actions.state)) this.#earlier.set(batchId, { actions, names: namesOf(actions), ...this.#originOf(batchId, target) });
  }

  /** Batch `batchId` of this element as a press kept across page loads: its key, its number, where it went. */
  #originOf(batchId: string, { baseUrl, profile }: Pick<PressOrigin, 'baseUrl' | 'profile'>): PressOrigin {
    return { key: `${this.#pageLoad}-${batchId}`, press: Number(batchId), baseUrl, profile };
  }

  /**
   * Takes up what presses made before this page was loaded left on the server at `config`'s base
   * URL (see left-on-server.ts), as earlier presses the reader can delete; once per element and
   * base URL, and each press by one element of the page only.
   */
  restoreEarlier(config: Pick<GeneratorConfig, 'baseUrl' | 'timeoutMs'>): void {
    if (this.#restoredAt.has(config.baseUrl)) return;
    this.#restoredAt.add(config.baseUrl);
    const hooks = { onChange: () => this.#earlierChanged(), emit: (type: string, detail: unknown) => this.#emit(type, withKeyShown(detail)) };
    for (const left of leftOnServer(config.baseUrl)) {
      if (takenUp.has(left.key)) continue;
      takenUp.add(left.key);
      this.#keptKeys.add(left.key);
      const actions = restoredActions(left, config, hooks);
      const { key, press, profile } = left;
      if (canDelete(actions.state)) this.#earlier.set(key, { actions, names: namesOf(actions), press, key, baseUrl: config.baseUrl, profile, earlierVisit: true });
    }
    this.#showEarlier();
  }

  /** The earlier presses as their actions stand now: one's Delete can change what another's can reach (see heldElsewhere). */
  #showEarlier(): void {
    const earlier = [...this.#earlier].map(([id, { actions, names, press, earlierVisit }]) => ({ id, press, names, actions: actions.state, ...(earlierVisit ? { earlierVisit } : {}) }));
    if (earlier.length > 0 || this.owner.getState().earlier.length > 0) this.owner.setEarlier(earlier);
  }

  #earlierChanged(): void {
    this.#showEarlier();
    this.#keepLeftOnServer();
  }

  /** Keeps, across page loads, what each press (the last one and the earlier ones) left that Delete can still reach. */
  #keepLeftOnServer(): void {
    const { actions } = this.#followUps ?? {};
    const last = actions && this.#batchId && this.#batchTarget ? [{ made: actions.leftOnServer, origin: this.#originOf(this.#batchId, this.#batchTarget) }] : [];
    const earlier = [...this.#earlier.values()].map(({ actions: pressActions, ...origin }) => ({ made: pressActions.leftOnServer, origin }));
    const kept = [...earlier, ...last, ...this.#making.values()].flatMap(({ made, origin: { baseUrl, ...origin } }) => {
      this.#keptKeys.add(origin.key);
      const press = keptPress(made, origin);
      return press ? [{ baseUrl, press }] : [];
    });
    keepLeftOnServer(this.#keptKeys, kept);
  }

  #emit(type: string, detail: unknown): void {
    this.owner.host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

/** An earlier press the element shows: its actions (only Delete), its resources' names, and where it is kept (see #keepLeftOnServer). */
interface EarlierEntry extends PressOrigin {
  actions: BatchActions;
  names: EarlierBatch['names'];
  earlierVisit?: true;
}

/** How many elements of this page have made a session: each keeps its presses under keys of its own. */
let elementsOnPage = 0;
/** The kept presses an element of this page has taken up (restoreEarlier): no other element shows them too. */
const takenUp = new Set<string>();

const namesOf = (actions: BatchActions) => Object.fromEntries(actions.targets.map(({ index, record }) => [index, recordName(record)]));

/** The events of a batch's own items and of its end: a replaced batch sends none (see run). */
const BATCH_EVENTS: readonly string[] = [RESULT_EVENT, COMPLETE_EVENT];

/** Whether Delete can still reach something of a batch: a resource it created, or a user it made to be a member. */
const canDelete = ({ remaining, memberUsersLeft }: ActionsState): boolean => remaining.delete > 0 || memberUsersLeft > 0;
