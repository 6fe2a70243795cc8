import { useSyncExternalStore } from 'react';
import type { BatchController } from '../batch/controller';
import type { GeneratorConfig } from '../page/config';
import { lazyModule } from '../page/lazy-module';
import { parts } from '../public/parts';
import { Message } from './Message';
import { useLazy } from './use-lazy';

export type EditorView = typeof import('./editor/editor-view');

/** The editor of the records (see editor/editor-view.ts), loaded when the reader first opens it. */
export const lazyEditor = lazyModule<EditorView>(() => import('./editor/editor-view'));

// The editor's id, which "Edit records" controls: unique within the element's shadow root, the one
// tree either is in.
const EDITOR_ID = 'records-editor';

interface EditRecordsProps {
  controller: BatchController;
  config: GeneratorConfig;
}

const useGeneratorState = (controller: BatchController) => useSyncExternalStore(controller.subscribe, controller.getState);

/**
 * "Edit records", beside the checkbox (issue 52; none with `editor="off"`). The views' chunk renders
 * it and the editor, so that the element's chunk carries neither: it shows once this chunk is here
 * (the page idle, a hover, a focus or a press), as the e-mail domain's panel does.
 */
export function EditRecordsButton({ controller, config }: EditRecordsProps) {
  const { open } = useGeneratorState(controller).editor;
  if (!config.editor) return null;
  return (
    <button
      type="button"
      className="secondary"
      part={parts('editor-button')}
      aria-expanded={open}
      {...(open ? { 'aria-controls': EDITOR_ID } : {})}
      onClick={() => {
        void lazyEditor.preload().catch(() => undefined);
        controller.setEditor({ open: !open });
      }}
    >
      Edit records
    </button>
  );
}

/** The editor of the records below the controls, once "Edit records" has opened it. */
export function EditRecordsPanel({ controller, config }: EditRecordsProps) {
  const state = useGeneratorState(controller);
  const { module: editorView, failed } = useLazy(lazyEditor);
  if (!config.editor || !state.editor.open) return null;
  if (editorView) return <editorView.RecordEditor controller={controller} config={config} state={state} id={EDITOR_ID} />;
  return failed ? <Message>Could not load the editor of the records. Press "Edit records" twice to try again.</Message> : null;
}
