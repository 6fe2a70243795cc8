import type { ScimCall } from '../scim/http/call';
import type { ScimRecord } from '../scim/records/schemas';
import type { ResourceSchema } from '../scim/server-schema/definitions';
import type { ActionsState } from './actions';
import type { ChecksState } from './checks';
import type { ItemResult } from './results';

/** A finished item as its line shows it; its calls are read from the batch's call log. */
export type ResultLine = Omit<ItemResult, 'calls'> & {
  /** Unique across batches, for list keys. */
  key: string;
};

/** The last press and what followed it. A press starts a new one; only what Delete can still reach outlives it (see EarlierBatch). */
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

/** The records the next press sends, as the editor shows them; made by the session's generator (see draft.ts). */
export interface RecordDraft {
  /** Tells drafts apart, so that the editor's text box starts afresh with each (and on Reset). */
  id: number;
  /** The settings the records were made for (see draftKey): with others, the draft is dropped. */
  madeFor: string;
  /** The "Create activated users" the records were made with: unedited, they are made again with another (see draftFor). */
  active: boolean;
  generated: readonly ScimRecord[];
  /** The server's schema the records were fitted to (`schema="discover"`), which the edits are checked against. */
  schema: ResourceSchema | undefined;
  /** The generated records as the editor first shows them. */
  generatedText: string;
  /** The editor's text: what a press sends. */
  text: string;
}

/** The editor of the records: whether it is open, and the draft it shows, kept while the element lives. */
export interface EditorState {
  open: boolean;
  draft: RecordDraft | undefined;
  /** Why no draft could be made (the generator failed to load, say). */
  error: string | undefined;
}

/** An earlier press of the element whose Delete can still reach what it made (see BatchSession.abandon). */
export interface EarlierBatch {
  /** Unique among the element's earlier presses: what its Delete names (see BatchSession.deleteEarlier). */
  id: string;
  /** The press's number on the element: 1 for its first. */
  press: number;
  /** Made before this page was loaded, by an element with the same base URL (see BatchSession.restoreEarlier). */
  earlierVisit?: true;
  /** By item index: the name of the item's record, for the lines of its Delete. */
  names: Readonly<Record<number, string>>;
  /** Its actions: only Delete is offered for an earlier press. */
  actions: ActionsState;
}

export interface GeneratorState {
  choices: Choices;
  batch: BatchState;
  /** The earlier presses that left something Delete can reach, oldest first; the next press drops those with nothing left. */
  earlier: readonly EarlierBatch[];
  editor: EditorState;
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

export const INITIAL_STATE: GeneratorState = {
  choices: { active: false, addMembers: false },
  batch: NO_BATCH,
  earlier: [],
  editor: { open: false, draft: undefined, error: undefined },
};
