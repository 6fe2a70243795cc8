import type { GeneratorConfig } from '../page/config';
import { recordName } from '../scim/records/records';
import { withKeyShown } from '../scim/secrets/key-token';
import type { ActionsState, BatchActions } from './actions';
import { keptPress, restoredActions, type PressOrigin } from './kept-press';
import { keepLeftOnServer, leftOnServer, type Made } from './left-on-server';
import type { EarlierBatch, GeneratorState } from './state';

/** What an element's earlier presses need of its session. */
export interface EarlierOwner {
  getState(): GeneratorState;
  setEarlier(earlier: GeneratorState['earlier']): void;
  /** The last batch's actions once it has finished, and where it went: kept across page loads with the earlier presses. */
  lastBatch(): { actions: BatchActions; batchId: string; target: PressTarget } | undefined;
  emit(type: string, detail: unknown): void;
}

/** Where a press went, as its config says. */
type PressTarget = Pick<PressOrigin, 'baseUrl' | 'profile'>;

/** An earlier press the element shows: its actions (only Delete), its resources' names, and where it is kept. */
interface EarlierEntry extends PressOrigin {
  actions: BatchActions;
  names: EarlierBatch['names'];
  earlierVisit?: true;
}

/** How many elements of this page have had earlier presses: each keeps its presses under keys of its own. */
let elementsOnPage = 0;
/** The kept presses an element of this page has taken up (see restore): no other element shows them too. */
const takenUp = new Set<string>();

/**
 * One element's earlier presses whose Delete can still reach what they made, shown above the lines:
 * this page load's (a new press keeps the last batch's while something of it is left, see
 * BatchSession.abandon) and those kept from earlier page loads (see left-on-server.ts). What each
 * press, the last batch and the batches still sending leave is kept across page loads as it changes.
 */
export class EarlierPresses {
  /** By their EarlierBatch id: the batch id for this page load's, the kept key for an earlier visit's. */
  #entries = new Map<string, EarlierEntry>();
  /** What the batches still sending have made so far, by batch id, with where. */
  #making = new Map<string, { made: Made; origin: PressOrigin }>();
  /** This element's part of the keys of the presses it keeps: unique to it and to this page load. */
  readonly #pageLoad = `${Date.now().toString(36)}.${(elementsOnPage += 1)}`;
  /** The keys of the presses this element has kept or taken up: its next keeping replaces them. */
  readonly #keptKeys = new Set<string>();
  /** The base URLs whose kept presses this element has taken up (see restore). */
  readonly #restoredAt = new Set<string>();

  constructor(private readonly owner: EarlierOwner) {}

  /** Keeps a finished batch's actions while Delete can still reach something of it, with its resources' names for their lines. */
  keep(batchId: string, actions: BatchActions, target: PressTarget): void {
    if (canDelete(actions.state)) this.#entries.set(batchId, { actions, names: namesOf(actions), ...this.#originOf(batchId, target) });
  }

  /** What batch `batchId`, still sending, has made so far: kept at once, so that a reload strands none of it. */
  making(batchId: string, made: Made, target: PressTarget): void {
    this.#making.set(batchId, { made, origin: this.#originOf(batchId, target) });
    this.keepOnServer();
  }

  /** Batch `batchId` has finished: its actions hold what it made from now on. */
  finished(batchId: string): void {
    this.#making.delete(batchId);
  }

  /**
   * Deletes what an earlier press made and left on the server: one Delete at a time for each press,
   * and none while a batch is sending, since its groups may be taking that press's member users
   * before they hold them (see heldElsewhere).
   */
  delete(id: string): void {
    const actions = this.#entries.get(id)?.actions;
    if (actions && !actions.state.running && !this.owner.getState().batch.running) actions.run('delete');
  }

  /** Drops a press of an earlier visit from the page and from what is kept, sending nothing: for a server wiped or gone since. */
  forget(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry?.earlierVisit || entry.actions.state.running) return;
    this.#entries.delete(id);
    this.changed();
  }

  /** At a new press: the presses with nothing left go. */
  dropDone(): void {
    for (const [id, { actions }] of this.#entries) if (!canDelete(actions.state)) this.#entries.delete(id);
    this.show();
  }

  /**
   * Takes up what presses made before this page was loaded left on the server at `config`'s base
   * URL, as earlier presses the reader can delete; once per element and base URL, and each press by
   * one element of the page only.
   */
  restore(config: Pick<GeneratorConfig, 'baseUrl' | 'timeoutMs'>): void {
    if (this.#restoredAt.has(config.baseUrl)) return;
    this.#restoredAt.add(config.baseUrl);
    const hooks = { onChange: () => this.changed(), emit: (type: string, detail: unknown) => this.owner.emit(type, withKeyShown(detail)) };
    for (const left of leftOnServer(config.baseUrl)) {
      if (takenUp.has(left.key)) continue;
      takenUp.add(left.key);
      this.#keptKeys.add(left.key);
      const actions = restoredActions(left, config, hooks);
      const { key, press, profile } = left;
      if (canDelete(actions.state)) this.#entries.set(key, { actions, names: namesOf(actions), press, key, baseUrl: config.baseUrl, profile, earlierVisit: true });
    }
    this.show();
  }

  /** An earlier press's actions changed: shown, and kept. */
  changed(): void {
    this.show();
    this.keepOnServer();
  }

  /** The earlier presses as their actions stand now: one's Delete can change what another's can reach (see heldElsewhere). */
  show(): void {
    const earlier = [...this.#entries].map(([id, { actions, names, press, earlierVisit }]) => ({ id, press, names, actions: actions.state, ...(earlierVisit ? { earlierVisit } : {}) }));
    if (earlier.length > 0 || this.owner.getState().earlier.length > 0) this.owner.setEarlier(earlier);
  }

  /** Keeps, across page loads, what each press (the earlier ones, the last one, those still sending) left that Delete can still reach. */
  keepOnServer(): void {
    const last = this.owner.lastBatch();
    const lastMade = last ? [{ made: last.actions.leftOnServer, origin: this.#originOf(last.batchId, last.target) }] : [];
    const earlier = [...this.#entries.values()].map(({ actions, ...origin }) => ({ made: actions.leftOnServer, origin }));
    const kept = [...earlier, ...lastMade, ...this.#making.values()].flatMap(({ made, origin: { baseUrl, ...origin } }) => {
      this.#keptKeys.add(origin.key);
      const press = keptPress(made, origin);
      return press ? [{ baseUrl, press }] : [];
    });
    keepLeftOnServer(this.#keptKeys, kept);
  }

  /** Stops their Deletes and forgets them: the element has left the page. What they left stays kept, for the next element of its base URL. */
  reset(): void {
    for (const { actions } of this.#entries.values()) actions.abandon();
    this.#entries.clear();
    this.#making.clear();
    for (const key of this.#keptKeys) takenUp.delete(key);
    this.#keptKeys.clear();
    this.#restoredAt.clear();
  }

  /** Batch `batchId` of this element as a press kept across page loads: its key, its number, where it went. */
  #originOf(batchId: string, { baseUrl, profile }: PressTarget): PressOrigin {
    return { key: `${this.#pageLoad}-${batchId}`, press: Number(batchId), baseUrl, profile };
  }
}

const namesOf = (actions: BatchActions) => Object.fromEntries(actions.targets.map(({ index, record }) => [index, recordName(record)]));

/** Whether Delete can still reach something of a batch: a resource it created, or a user it made to be a member. */
const canDelete = ({ remaining, memberUsersLeft }: ActionsState): boolean => remaining.delete > 0 || memberUsersLeft > 0;
