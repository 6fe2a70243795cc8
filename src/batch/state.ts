import type { ScimCall } from '../scim/http/call';
import type { ActionsState } from './actions';
import type { ChecksState } from './checks';
import type { ItemResult } from './results';

/** A finished item as its line shows it; its calls are read from the batch's call log. */
export type ResultLine = Omit<ItemResult, 'calls'> & {
  /** Unique across batches, for list keys. */
  key: string;
};

/** The last press and what followed it. A press starts a new one; nothing of it outlives the next press. */
export interface BatchState {
  /** Lines in the order their items finished. */
  lines: readonly ResultLine[];
  /** The batch's call log: every answered call of the batch and of the actions on it, in the order sent. */
  calls: readonly ScimCall[];
  running: boolean;
  /** Set when the batch could not start at all (the record generator failed to load, or threw). */
  error: string | undefined;
  /** Why the batch's groups got no members, when they asked for some. */
  note: string | undefined;
  /** The stored API key is no longer the one this batch sent, so a 401 or 429 notice is out of date. */
  keyChanged: boolean;
  /** The actions on what the batch created; set once the batch has finished. */
  actions: ActionsState | undefined;
  /** Check, once the batch has finished with something to check. */
  checks: ChecksState | undefined;
}

/** What the person chose; kept across presses, and across moves of the element (r2wc remounts React). */
export interface Choices {
  /** The "Create activated users" checkbox. */
  active: boolean;
  /** The "Add members" checkbox (Groups). */
  addMembers: boolean;
}

export interface GeneratorState {
  choices: Choices;
  batch: BatchState;
}

export const NO_BATCH: BatchState = {
  lines: [],
  calls: [],
  running: false,
  error: undefined,
  note: undefined,
  keyChanged: false,
  actions: undefined,
  checks: undefined,
};

export const INITIAL_STATE: GeneratorState = { choices: { active: false, addMembers: false }, batch: NO_BATCH };
