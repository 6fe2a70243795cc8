import { useEffect, useId, useSyncExternalStore } from 'react';
import { watchApiKey } from '../api-key';
import { parseConfig, type GeneratorAttributes } from '../config';
import { batchControllerFor } from '../batch-controller';
import { useActionsState } from './use-actions-state';
import { loadedBatchModule, preloadBatchModule } from '../scim/load-batch-module';
import { RECORDS_PER_BATCH } from '../constants';
import { parts } from '../parts';
import { noticeFor } from './notice-kind';
import { ResultLineItem } from './ResultLineItem';
import styles from './styles.css?inline';

export interface ScimGeneratorProps extends GeneratorAttributes {
  /** The shadow root r2wc renders into (the element is defined with `shadow: 'open'`). */
  container: ShadowRoot;
}

/** Starts loading faker; a failure shows only if a press needs it (the press retries). */
const warmUp = () => void preloadBatchModule().catch(() => undefined);

/** Loads faker while the page is idle, so a first press rarely waits for it. */
function usePreloadWhenIdle(): void {
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(warmUp, { timeout: 5000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(warmUp, 2000);
    return () => clearTimeout(timer);
  }, []);
}

/** What the element shows instead of its button or its lines when it cannot do its work. */
function Message({ text }: { text: string }) {
  return (
    <p role="alert" part={parts('message')} className="message">
      {text}
    </p>
  );
}

export function ScimGenerator({ container, ...attributes }: ScimGeneratorProps) {
  const host = container.host as HTMLElement;
  const controller = batchControllerFor(host);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const actionsState = useActionsState(state.actions);
  // Loaded whenever there are lines, a notice or actions: a batch needs the module to send anything.
  const batchModule = loadedBatchModule();
  const checkboxId = useId();
  // Cheap enough to redo on each render; a changed attribute takes effect at once.
  const parsed = parseConfig(attributes, host.ownerDocument.baseURI);
  usePreloadWhenIdle();
  useEffect(() => watchApiKey((apiKey) => controller.apiKeyChanged(apiKey), host.ownerDocument.defaultView ?? window), [controller, host]);

  if (!parsed.ok) {
    return (
      <div className="scim-generator" part={parts('base')}>
        <style>{styles}</style>
        <Message text={parsed.message} />
      </div>
    );
  }

  const { config } = parsed;
  const first = state.lines[0];
  const checkbox =
    config.resourceType === 'Users'
      ? { label: 'Create activated users', checked: state.active, set: (on: boolean) => controller.setActive(on) }
      : { label: 'Add members', checked: state.addMembers, set: (on: boolean) => controller.setAddMembers(on) };
  const notice = noticeFor(first?.status);

  return (
    <div className="scim-generator" part={parts('base')}>
      <style>{styles}</style>
      <div className="controls">
        <button
          type="button"
          part={parts('button')}
          onClick={() => controller.runBatch(config, { active: state.active, addMembers: state.addMembers })}
          onPointerEnter={warmUp}
          onFocus={warmUp}
        >
          Generate {config.resourceType} →
        </button>
        <label htmlFor={checkboxId} part={parts('checkbox-label')}>
          <input
            id={checkboxId}
            type="checkbox"
            part={parts('checkbox')}
            checked={checkbox.checked}
            onChange={(event) => checkbox.set(event.target.checked)}
          />{' '}
          {checkbox.label}
        </label>
      </div>
      {state.running && !state.error && (
        <p part={parts('progress')} className="progress">
          <progress max={RECORDS_PER_BATCH} value={state.lines.length} aria-label="Answers received" />{' '}
          {state.lines.length} of {RECORDS_PER_BATCH}
        </p>
      )}
      <div className="results" aria-live="polite" aria-busy={state.running}>
        {state.error ? (
          <Message text={state.error} />
        ) : notice && first && batchModule ? (
          <batchModule.Notice
            kind={notice}
            first={first}
            keyChanged={Boolean(state.keyChanged)}
            config={config}
            onPlanLinkClick={(planCard) => controller.selectPlanCardLater(config.planCardSelector, planCard)}
          />
        ) : (
          state.lines.length > 0 && (
            <>
              {state.note && <p part={parts('note')}>{state.note}</p>}
              <ul part={parts('results')}>
                {state.lines.map((line) => (
                  <ResultLineItem key={line.key} line={line} action={actionsState?.outcomes[line.index]} />
                ))}
              </ul>
            </>
          )
        )}
        {!notice && batchModule && state.actions && actionsState && (
          <batchModule.ActionBar actions={state.actions} state={actionsState} />
        )}
        {!state.running && batchModule && state.lines.length > 0 && (
          <batchModule.HarDownload calls={[...state.lines, ...Object.values(actionsState?.outcomes ?? {})]} />
        )}
      </div>
    </div>
  );
}
