import { useEffect, useRef, useState } from 'react';
import { parts } from '../public/parts';

/**
 * Copies `text` to the clipboard and says so. Where the page may not write the clipboard (no
 * permission, an insecure origin, an iframe without clipboard-write), it shows the text selected
 * instead, so the user can copy it by hand.
 */
export function CopyButton({ label, text }: { label: string; text: () => string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'refused'>('idle');
  const [shown, setShown] = useState('');
  const fallback = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    const value = text();
    setShown(value);
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('refused');
    }
  };
  // Once the fallback is rendered (not before: a microtask after the refusal comes too early).
  useEffect(() => {
    if (state !== 'refused') return;
    fallback.current?.focus();
    fallback.current?.select();
  }, [state, shown]);
  return (
    <span className="copy">
      <button type="button" part={parts('copy-button')} onClick={() => void copy()}>
        {label}
      </button>
      <span role="status">{state === 'copied' ? 'Copied' : state === 'refused' ? 'Copy refused: the text is selected below' : ''}</span>
      {state === 'refused' && (
        <textarea ref={fallback} readOnly aria-label={`${label}: text to copy`} value={shown} rows={4} />
      )}
    </span>
  );
}
