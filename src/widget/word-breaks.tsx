import type { ReactNode } from 'react';

/**
 * `pieces` as one run of text that may break between any two of them: a <wbr> goes between each,
 * and adds no text, so a selection, a copy or the page's search sees the pieces joined.
 */
export function withBreaksBetween(pieces: readonly string[]): ReactNode[] {
  return pieces.flatMap((piece, index) => (index === 0 ? [piece] : [<wbr key={index} />, piece]));
}
