import type { ChecksState } from '../batch/checks';
import { parts } from '../public/parts';
import type { CheckOutcome } from '../scim/checks/check';
import { checkReportMarkdown, checkSummary } from '../scim/checks/report';
import { CopyButton } from './CopyButton';
import { LineDetails } from './LineDetails';
import { useSnippetTarget } from './snippet-choice';
import { SnippetChoice } from './SnippetChoice';

const SHOWN: Record<CheckOutcome, { marker: string; word: string }> = {
  pass: { marker: '✓', word: 'passed' },
  fail: { marker: '✗', word: 'failed' },
  warn: { marker: '!', word: 'warning' },
  skipped: { marker: '–', word: 'skipped' },
  'not-checked': { marker: '?', word: 'not checked' },
};

/** A warning is neither green nor red: the text's own colour. */
const LOOK: Record<CheckOutcome, string> = { pass: 'success', fail: 'error', warn: 'warning', skipped: 'success', 'not-checked': 'warning' };

/** The report of Check: a line per check with its calls, the summary, and Copy report once done. */
export function CheckReport({ state }: { state: ChecksState }) {
  const summary = checkSummary(state);
  const target = useSnippetTarget();
  return (
    <div part={parts('checks')} className="checks">
      <ul>
        {state.results.map(({ id, name, source, outcome, reason, note, calls }) => (
          <li key={id} part={parts('check', outcome)} className={`result check ${LOOK[outcome]}`}>
            <span className="marker" aria-hidden="true">{SHOWN[outcome].marker}</span>
            {name}: {SHOWN[outcome].word}
            {(reason ?? note) && ` — ${reason ?? note}`} <span className="source">({source})</span>
            {calls.length > 0 && <LineDetails calls={calls} subject={name} />}
          </li>
        ))}
      </ul>
      <p part={parts('check-summary')}>
        {state.running ? `Checking… ${summary} so far` : summary}
        {!state.running && (
          <>
            {' '}
            <CopyButton label="Copy report" text={() => checkReportMarkdown(state.results, summary, target)} /> <SnippetChoice />
          </>
        )}
      </p>
    </div>
  );
}
