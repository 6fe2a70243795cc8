import type { GeneratorConfig } from '../page/config';
import { batchRuntime, type BatchRuntime } from './load-runtime';
import type { BatchSession } from './session';
import { INITIAL_STATE, NO_BATCH, type BatchState, type Choices, type EditorState, type GeneratorState } from './state';

/**
 * One element's state, which the widget renders: the choices, the last batch and the earlier ones Delete can still reach. It lives outside
 * React so that moving the element in the DOM (r2wc unmounts and remounts React on every move)
 * keeps the batch and its lines. What a press needs is its session (session.ts), in the lazily
 * loaded runtime: a new press or a removal abandons what is in flight.
 */
export class BatchController {
  #state: GeneratorState = INITIAL_STATE;
  #listeners = new Set<() => void>();
  #batchNumber = 0;
  /** The press whose batch waits for the runtime; a later press or a removal replaces it. */
  #pending: object | undefined;
  /** Made at the first press that finds the runtime loaded; undefined before. */
  session: BatchSession | undefined;

  constructor(readonly host: HTMLElement) {}

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getState = (): GeneratorState => this.#state;

  /** Abandons any batch in flight, empties the lines, then generates, sends and reports a new batch. */
  runBatch(config: GeneratorConfig): void {
    this.session?.abandon();
    const press = {};
    this.#pending = press;
    const batchId = String(++this.#batchNumber);
    this.#setBatch({ ...NO_BATCH, running: true });

    const start = ({ BatchSession }: BatchRuntime) => {
      if (press !== this.#pending) return;
      this.#pending = undefined;
      this.sessionOf({ BatchSession }).run(config, batchId);
    };
    const loaded = batchRuntime.loaded();
    if (loaded) {
      start(loaded); // same task as the press: no await before the calls go out
      return;
    }
    batchRuntime.preload().then(start, () => {
      if (press === this.#pending) this.#setBatch({ ...NO_BATCH, error: 'Could not load the record generator' });
    });
  }

  /** The element's session, made at its first use (a press, or the editor's first records). */
  sessionOf({ BatchSession }: Pick<BatchRuntime, 'BatchSession'>): BatchSession {
    return (this.session ??= new BatchSession(this));
  }

  setEditor(change: Partial<EditorState>): void {
    this.#setState({ ...this.#state, editor: { ...this.#state.editor, ...change } });
  }

  setChoices(choices: Partial<Choices>): void {
    this.#setState({ ...this.#state, choices: { ...this.#state.choices, ...choices } });
  }

  setEarlier(earlier: GeneratorState['earlier']): void {
    this.#setState({ ...this.#state, earlier });
  }

  updateBatch(change: Partial<BatchState>): void {
    this.#setState({ ...this.#state, batch: { ...this.#state.batch, ...change } });
  }

  /** Stops everything in flight and forgets the batch: the element has left the page. */
  reset(): void {
    this.#pending = undefined;
    this.session?.reset();
    this.#setState(INITIAL_STATE);
  }

  #setBatch(batch: BatchState): void {
    this.#setState({ ...this.#state, batch });
  }

  #setState(state: GeneratorState): void {
    this.#state = state;
    this.#listeners.forEach((listener) => listener());
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
