import type { ReactNode } from 'react';
import { parts } from '../public/parts';

/** A message in place of what the element cannot do (part `message`), announced when it appears. */
export function Message({ children }: { children: ReactNode }) {
  return (
    <p role="alert" part={parts('message')} className="message">
      {children}
    </p>
  );
}
