import { useEffect, useSyncExternalStore } from 'react';
import { batchControllerFor } from '../batch/controller';
import { batchRuntime } from '../batch/load-runtime';
import { parseConfig, type GeneratorAttributes } from '../page/config';
import { parts } from '../public/parts';
import { callsOf } from '../scim/http/call';
import { ErrorBoundary } from './ErrorBoundary';
import { lazyViews } from './load-views';
import { Message } from './Message';
import { useLazy } from './use-lazy';
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

/** The message alone, in place of everything the element shows. */
function OnlyMessage({ text }: { text: string }) {
  return (
    <div className="scim-generator" part={parts('base')}>
      <style>{styles}</style>
      <Message>{text}</Message>
    </div>
  );
}

/**
 * The widget behind an error boundary: whatever a server answered, if rendering ever throws, the
 * element says so rather than going blank, and drops the batch so that its next mount starts afresh.
 */
export function GuardedScimGenerator(props: ScimGeneratorProps) {
  const host = props.container.host as HTMLElement;
  return (
    <ErrorBoundary
      fallback={<OnlyMessage text="Something went wrong. Reload the page to try again." />}
      onError={() => batchControllerFor(host).reset()}
    >
      <ScimGenerator {...props} />
    </ErrorBoundary>
  );
}

export function ScimGenerator({ container, ...attributes }: ScimGeneratorProps) {
  const host = container.host as HTMLElement;
  const controller = batchControllerFor(host);
  const { choices, batch } = useSyncExternalStore(controller.subscribe, controller.getState);
  const { module: views, failed: viewsFailed } = useLazy(lazyViews);
  // Cheap enough to redo on each render; a changed attribute takes effect at once.
  const parsed = parseConfig(attributes, host.ownerDocument.baseURI);
  usePreloadWhenIdle();

  if (!parsed.ok) return <OnlyMessage text={parsed.message} />;

  const { config } = parsed;
  const checkbox =
    config.resourceType === 'Users'
      ? { label: 'Create activated users', checked: choices.active, set: (active: boolean) => controller.setChoices({ active }) }
      : { label: 'Add members', checked: choices.addMembers, set: (addMembers: boolean) => controller.setChoices({ addMembers }) };

  return (
    <div className="scim-generator" part={parts('base')}>
      <style>{styles}</style>
      {views && <style>{views.resultStyles}</style>}
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
        {/* The label holds its checkbox, which it so labels (HTML's implicit association): no id needed. */}
        <label part={parts('checkbox-label')}>
          <input
            type="checkbox"
            part={parts('checkbox')}
            checked={checkbox.checked}
            onChange={(event) => checkbox.set(event.target.checked)}
          />{' '}
          {checkbox.label}
        </label>
        {views && <views.EditRecordsButton controller={controller} config={config} />}
      </div>
      {views && <views.EditRecordsPanel controller={controller} config={config} />}
      {views && <views.EmailDomain config={config} />}
      {views && <views.Progress batch={batch} />}
      <div className="results" aria-live="polite" aria-busy={batch.running}>
        {views && <views.EarlierPresses controller={controller} config={config} />}
        {batch.error ? (
          <Message>{batch.error}</Message>
        ) : viewsFailed && batch.lines.length > 0 ? (
          <Message>
            Could not load the view of the results.{' '}
            <button type="button" onClick={() => void lazyViews.preload().catch(() => undefined)}>
              Try again
            </button>
          </Message>
        ) : (
          // callsOf comes from here, so that the call log's helpers live in the element's chunk
          // rather than in a chunk of their own that the lazy chunks would both wait for.
          views && <views.Results batch={batch} config={config} controller={controller} callsOf={(index) => callsOf(batch.calls, index)} />
        )}
      </div>
    </div>
  );
}
