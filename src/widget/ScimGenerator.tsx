import { useEffect, useId, useSyncExternalStore } from 'react';
import { watchApiKey } from '../api-key';
import { batchControllerFor } from '../batch/controller';
import { batchRuntime } from '../batch/load-runtime';
import { parseConfig, type GeneratorAttributes } from '../config';
import { RECORDS_PER_BATCH } from '../constants';
import { parts } from '../parts';
import { callsOf } from '../scim/call';
import { lazyViews, useViews } from './load-views';
import { noticeFor } from './notice-kind';
import styles from './styles.css?inline';

export interface ScimGeneratorProps extends GeneratorAttributes {
  /** The shadow root r2wc renders into (the element is defined with `shadow: 'open'`). */
  container: ShadowRoot;
}

/** Starts loading faker and the views; a failure shows only if a press needs them (the press retries). */
const warmUp = () => {
  void batchRuntime.preload().catch(() => undefined);
  void lazyViews.preload().catch(() => undefined);
};

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
  const { choices, batch } = useSyncExternalStore(controller.subscribe, controller.getState);
  const { module: views, failed: viewsFailed } = useViews();
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
  const first = batch.lines[0];
  const checkbox =
    config.resourceType === 'Users'
      ? { label: 'Create activated users', checked: choices.active, set: (active: boolean) => controller.setChoices({ active }) }
      : { label: 'Add members', checked: choices.addMembers, set: (addMembers: boolean) => controller.setChoices({ addMembers }) };
  const notice = noticeFor(first?.status);

  return (
    <div className="scim-generator" part={parts('base')}>
      <style>{styles}</style>
      <div className="controls">
        <button
          type="button"
          part={parts('button')}
          onClick={() => {
            warmUp();
            controller.runBatch(config);
          }}
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
      {batch.running && !batch.error && (
        <p part={parts('progress')} className="progress">
          <progress max={RECORDS_PER_BATCH} value={batch.lines.length} aria-label="Answers received" />{' '}
          {batch.lines.length} of {RECORDS_PER_BATCH}
        </p>
      )}
      <div className="results" aria-live="polite" aria-busy={batch.running}>
        {batch.error ? (
          <Message text={batch.error} />
        ) : viewsFailed && batch.lines.length > 0 ? (
          <p role="alert" part={parts('message')} className="message">
            Could not load the view of the results.{' '}
            <button type="button" onClick={() => void lazyViews.preload().catch(() => undefined)}>
              Try again
            </button>
          </p>
        ) : notice && first && views ? (
          <views.Notice
            kind={notice}
            first={first}
            keyChanged={batch.keyChanged}
            config={config}
            onPlanLinkClick={(planCard) => controller.selectPlanCardLater(config.planCardSelector, planCard)}
          />
        ) : (
          views &&
          batch.lines.length > 0 && (
            <>
              {batch.note && <p part={parts('note')}>{batch.note}</p>}
              <ul part={parts('results')}>
                {batch.lines.map((line) => (
                  <views.ResultLineItem key={line.key} line={line} calls={callsOf(batch.calls, line.index)} />
                ))}
              </ul>
            </>
          )
        )}
        {!notice && views && batch.actions && (
          <views.ActionBar
            state={batch.actions}
            checks={batch.checks}
            onRun={(action) => controller.runAction(action)}
            onCheck={() => controller.runChecks()}
          />
        )}
        {!notice && views && batch.checks && batch.checks.results.length > 0 && <views.CheckReport state={batch.checks} />}
        {/* After a 401 there is nothing to inspect: the notice says all there is. */}
        {!batch.running && views && batch.calls.length > 0 && notice !== 'unauthenticated' && <views.HarDownload calls={batch.calls} />}
      </div>
    </div>
  );
}
