import { useEffect, useId, useRef, useState } from 'react';
import type { BatchController } from '../../batch/controller';
// The editor needs the runtime for its records (the session's generator), so it imports it whole: no chunk of drafts alone.
import { BatchSession, draftFor, draftKey, resetDraft } from '../../batch/runtime';
import type { GeneratorState } from '../../batch/state';
import type { GeneratorConfig } from '../../page/config';
import { RECORDS_PER_BATCH } from '../../public/constants';
import { parts } from '../../public/parts';
import editorStyles from './editor.css?inline';

export interface RecordEditorProps {
  controller: BatchController;
  config: GeneratorConfig;
  /** The element's state: the editor's, and the choices its records are made with. */
  state: GeneratorState;
  /** The id "Edit records" controls. */
  id: string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The records the next press sends, as JSON the reader can edit (issue 52). A plain text box: a
 * JSON-editing library would not fit the element's weight, and the press names the record and the
 * line of any problem (see readEdits). The box is not controlled (DraftText), so a 1 MB paste costs
 * the page one copy of the text into the draft, not a re-render of the box at each key.
 */
export function RecordEditor({ controller, config, state, id }: RecordEditorProps) {
  const { editor } = state;
  const draft = draftFor(state, config);
  const textId = useId();
  const hintId = useId();
  // The settings of the last render, for the draft below (React's useEffectEvent would add to the element's chunk).
  const latest = useRef(config);
  useEffect(() => {
    latest.current = config;
  });
  const needed = draft === undefined;
  const madeFor = draftKey(config);
  // A new draft when there is none for these settings: at the first opening, after a press that sent an unedited one, or after a change of resource type or profile.
  useEffect(() => {
    if (!needed) return;
    const making = new AbortController();
    const { signal } = making;
    controller
      .sessionOf({ BatchSession })
      .draftRecords(latest.current, signal)
      .then(
        (made) => signal.aborted || controller.setEditor({ draft: made, error: undefined }),
        (error: unknown) => signal.aborted || controller.setEditor({ error: `The records could not be made: ${messageOf(error)}` }),
      );
    return () => making.abort();
  }, [needed, madeFor, controller]);

  const edited = draft !== undefined && draft.text !== draft.generatedText;
  return (
    <section id={id} part={parts('editor')} className="editor" aria-label="Edit records">
      <style>{editorStyles}</style>
      {draft ? (
        <>
          <label htmlFor={textId}>The {RECORDS_PER_BATCH} records the next press sends (JSON)</label>
          <DraftText
            key={draft.id}
            id={textId}
            hintId={hintId}
            text={draft.text}
            onText={(text) => controller.setEditor({ draft: { ...draft, text } })}
          />
        </>
      ) : (
        <p role="status">{editor.error ?? 'Making the records…'}</p>
      )}
      <p id={hintId}>
        {edited ? 'Edited: a press sends this text as written.' : 'As generated.'} Edits stay until you reset them or change the resource type or
        profile. A press checks the text first: if it finds a problem, it names the record and the line, and sends nothing.
      </p>
      <button type="button" className="secondary" part={parts('editor-button')} disabled={!edited} onClick={() => draft && controller.setEditor({ draft: resetDraft(draft) })}>
        Reset edits
      </button>
    </section>
  );
}

/**
 * The text box of one draft. It keeps the text it opened with as its default: React writes a changed
 * `defaultValue` into the box's text node, which for a 1 MB paste is the whole text laid out again.
 */
function DraftText({ id, hintId, text, onText }: { id: string; hintId: string; text: string; onText: (text: string) => void }) {
  const [opened] = useState(text);
  return (
    <textarea
      id={id}
      part={parts('editor-text')}
      defaultValue={opened}
      rows={14}
      wrap="off"
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      aria-describedby={hintId}
      onChange={(event) => onText(event.target.value)}
    />
  );
}
