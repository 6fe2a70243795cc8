import { parts } from '../parts';
import { memo } from 'react';
import type { ActionItemResult } from '../batch-actions';
import type { ResultLine } from '../batch-controller';
import { loadedBatchModule } from '../scim/load-batch-module';
import { explanationOf } from './explanation';

interface ResultLineItemProps {
  line: ResultLine;
  /** The last Deactivate or Delete call on the resource this item created. */
  action?: ActionItemResult;
}

/**
 * One finished item: status, status text, then the name (success) or the server's error detail,
 * and how an action on the created resource ended.
 */
export const ResultLineItem = memo(function ResultLineItem({ line, action }: ResultLineItemProps) {
  const outcome = line.ok ? 'success' : 'error';
  const explanation = explanationOf(line);
  // The action outcome and the details panel are in the lazy chunk, loaded before any line exists.
  const batchModule = loadedBatchModule();
  return (
    <li part={parts('result', outcome)} className={`result ${outcome}`}>
      <span className="marker" aria-hidden="true">{line.ok ? '✓' : '✗'}</span>
      <span part={parts('status')}>{line.status}</span> <span part={parts('status-text')}>{line.statusText}</span>
      {line.name !== undefined && (
        <>
          {' '}
          <span part={parts('name')}>{line.name}</span>
        </>
      )}
      {explanation && (
        <>
          {' '}
          <span part={parts('detail')}>— {explanation}</span>
        </>
      )}
      {action && batchModule && <batchModule.ActionOutcome result={action} />}
      {batchModule && <batchModule.LineDetails calls={action ? [line, action] : [line]} />}
    </li>
  );
});
