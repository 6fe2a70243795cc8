import { memo } from 'react';
import type { ResultLine } from '../controller';

/** One finished item: status, status text, then the name (success) or the server's error detail. */
export const ResultLineItem = memo(function ResultLineItem({ line }: { line: ResultLine }) {
  const outcome = line.ok ? 'success' : 'error';
  const explanation = [line.scimType, line.detail].filter(Boolean).join(': ');
  return (
    <li part={`result ${outcome}`} className={`result ${outcome}`}>
      <span className="marker" aria-hidden="true">{line.ok ? '✓' : '✗'}</span>
      <span part="status">{line.status}</span> <span part="status-text">{line.statusText}</span>
      {line.name !== undefined && (
        <>
          {' '}
          <span part="name">{line.name}</span>
        </>
      )}
      {explanation && (
        <>
          {' '}
          <span part="detail">— {explanation}</span>
        </>
      )}
    </li>
  );
});
