import { parts } from '../parts';
import { memo } from 'react';
import type { ResultLine } from '../batch-controller';

/** One finished item: status, status text, then the name (success) or the server's error detail. */
export const ResultLineItem = memo(function ResultLineItem({ line }: { line: ResultLine }) {
  const outcome = line.ok ? 'success' : 'error';
  const explanation = [line.scimType, line.detail].filter(Boolean).join(': ');
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
    </li>
  );
});
