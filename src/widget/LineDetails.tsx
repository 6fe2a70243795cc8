import { useId, useState } from 'react';
import { parts } from '../public/parts';
import { ACTIONS, type ActionKind } from '../scim/actions/table';
import type { ScimCall } from '../scim/http/call';
import { shownHeaders } from '../scim/secrets/key-token';
import { CallBlock } from './CallBlock';
import { CopyButton } from './CopyButton';
import { CUT_DEEPER, prettyJson, withControlsEscaped } from './json-text';
import { useSnippetTarget } from './snippet-choice';
import { SnippetChoice } from './SnippetChoice';
import styles from './details.css?inline';

const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

/** The body as shown: JSON pretty-printed (cut when nested very deep), text as it came. */
function bodyText(body: unknown, format: 'json' | 'text' = 'json'): string {
  return format === 'json' ? prettyJson(body) : String(body);
}

/**
 * The body as Copy response JSON gives it: always JSON, so a text body becomes a JSON string, whose
 * escapes keep NUL, ANSI escapes and other control characters off a terminal it is pasted into.
 */
function bodyJson(body: unknown, format: 'json' | 'text' = 'json'): string {
  return withControlsEscaped(format === 'json' ? prettyJson(body) : JSON.stringify(body));
}

/**
 * What was sent and what came back for one call; every value from a server stays text. The
 * blocks scroll, so they take focus: keyboard users can scroll them too.
 */
function CallDetails({ call }: { call: ScimCall }) {
  const { request, response } = call;
  const target = useSnippetTarget();
  return (
    <>
      <p className="call-title">{callTitle(call)}</p>
      <p className="call-part">{call.notSent ? 'Request (not sent)' : 'Request'}</p>
      <CallBlock
        head={`${request.method} ${request.url}\n${headerLines(shownHeaders(request.headers))}`}
        body={request.body === undefined ? undefined : prettyJson(request.body)}
        innerMarks={[CUT_DEEPER]}
      />
      <p className="call-part">Response</p>
      {response ? (
        <CallBlock
          head={`${response.status} ${response.statusText}\n${headerLines(response.headers)}`}
          body={response.body === undefined ? undefined : bodyText(response.body, response.bodyFormat)}
          mark={response.truncated && '[cut: longer than 256 KB, stalled, or unfinished in time]'}
          innerMarks={[CUT_DEEPER]}
        />
      ) : (
        <p>
          {call.notSent ? '' : 'No response: '}
          {[call.statusText, call.detail].filter(Boolean).join(' — ')}
        </p>
      )}
      <p>Duration: {call.durationMs} ms, started {call.startedAt}</p>
      <p className="copies">
        <CopyButton label={`Copy as ${target.label}`} text={() => target.generate(request)} />
        <CopyButton label="Copy request JSON" text={() => withControlsEscaped(prettyJson(request.body ?? null))} />
        {response && (
          <CopyButton
            label="Copy response JSON"
            text={() => (response.body === undefined ? '' : bodyJson(response.body, response.bodyFormat))}
          />
        )}
      </p>
    </>
  );
}

/** What a call was for, its method and path, e.g. `Remove members · PATCH /scim/v2/Groups/42`. */
function callTitle({ purpose, request }: ScimCall): string {
  const name = purpose in ACTIONS ? ACTIONS[purpose as ActionKind].label : `${purpose[0]?.toUpperCase()}${purpose.slice(1)}`;
  return `${name} · ${request.method} ${new URL(request.url).pathname}`;
}

/**
 * A line's Details button and the panel it opens: every call of its item (or check), in the order
 * sent. `subject` names what the line is about, so that the buttons of ten lines have ten names;
 * `note`, why its calls got no answer, heads the panel.
 */
export function LineDetails({ calls, subject, note, label = 'Details' }: { calls: readonly ScimCall[]; subject: string; note?: string | undefined; label?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        part={parts('details-button')}
        className="details-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${label} for ${subject}`}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      <div id={panelId} part={parts('details')} className="details" hidden={!open}>
        {open && (
          <>
            {note && <p className="call-title">Why: {note}</p>}
            <style>{styles}</style>
            <SnippetChoice />
            {calls.map((call, index) => (
              <CallDetails key={index} call={call} />
            ))}
          </>
        )}
      </div>
    </>
  );
}
