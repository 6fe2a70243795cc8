import { memo, type ReactNode } from 'react';
import type { ActionOutcome as Outcome } from '../batch/actions';
import type { ResultLine } from '../batch/state';
import { parts } from '../public/parts';
import type { ScimCall } from '../scim/http/call';
import { ActionOutcome } from './ActionOutcome';
import { explanationOf } from './explanation';
import { LineDetails } from './LineDetails';
import { withBreaksBetween } from './word-breaks';

interface ResultLineItemProps {
  line: ResultLine;
  /** Every call of the line's item, in the order sent: its creation, then any action on what it created. */
  calls: readonly ScimCall[];
  /** How the last action on the item's resource ended. */
  outcome: Outcome | undefined;
  /** In place of the detail, when an earlier line tells the same wall in full; Details keep the full text. */
  brief?: string;
}

/** A name that may break after each `_` (`grocery_senior_…` on a phone), as text: the name is a server's or faker's, never markup. */
function breakableAtUnderscores(name: string): ReactNode[] {
  return withBreaksBetween(name.split(/(?<=_)/));
}

/**
 * One finished item: status, status text, then the name (success) or the server's error detail,
 * how the last action on the created resource ended, and the Details of every call.
 */
export const ResultLineItem = memo(
  function ResultLineItem({ line, calls, outcome: lastAction, brief }: ResultLineItemProps) {
    const outcome = line.ok ? 'success' : 'error';
    const explanation = explanationOf(line);
    return (
      <li part={parts('result', outcome)} className={`result ${outcome}`}>
        <span className="marker" aria-hidden="true">{line.ok ? '✓' : '✗'}</span>
        <span part={parts('status')}>{line.status}</span> <span part={parts('status-text')}>{line.statusText}</span>
        {line.name !== undefined && (
          <>
            {' '}
            <span part={parts('name')}>{breakableAtUnderscores(line.name)}</span>
          </>
        )}
        {explanation && (
          <>
            {' '}
            <span part={parts('detail')}>— {brief ?? explanation}</span>
          </>
        )}
        {line.verdict && (
          <>
            {' '}
            <span part={parts('verdict')}>— {line.verdict}</span>
          </>
        )}
        {lastAction && <ActionOutcome outcome={lastAction} />}
        <LineDetails calls={calls} subject={line.name ?? `item ${line.index + 1}`} note={line.diagnosis && explanation} />
      </li>
    );
  },
  // `calls` is filtered anew from the log on each render; the line changes only when its calls do.
  (before, after) =>
    before.line === after.line &&
    before.outcome === after.outcome &&
    before.brief === after.brief &&
    before.calls.length === after.calls.length &&
    before.calls.every((call, index) => call === after.calls[index]),
);
