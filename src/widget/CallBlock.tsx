import { useEffect, useRef, useState } from 'react';
import { parts } from '../parts';
import { FIRST_SHOWN_CHARS, pieceEnd, SLICE_CHARS, textSlices } from './text-slices';

const kibibytes = (text: string) => `${Math.max(1, Math.round(new TextEncoder().encode(text).byteLength / 1024))} KB`;

interface CallBlockProps {
  /** The request line or status line, then the headers. */
  head: string;
  /** The body as shown, if there is one. */
  body?: string;
  /** What follows the body, e.g. the mark of a body that was cut. */
  mark?: string;
  /** Marks inside the body (a cut of deep nesting) to name beside Show all while the part that holds them is not shown. */
  innerMarks?: readonly string[];
}

/**
 * One side of a call as a scrolling block of text. A long body puts only its first
 * FIRST_SHOWN_CHARS characters in the DOM, so that the panel opens at once; "Show all" adds the
 * rest as blocks that layout skips while scrolled out of view (details.css). The text in the DOM
 * is always the body's own, from its start: selectable, and found by the page's search.
 */
export function CallBlock({ head, body, mark, innerMarks = [] }: CallBlockProps) {
  const [all, setAll] = useState(false);
  const block = useRef<HTMLPreElement>(null);
  const firstEnd = body === undefined ? 0 : pieceEnd(body, 0, FIRST_SHOWN_CHARS);
  const partial = body !== undefined && !all && firstEnd < body.length;
  const shownMarks = (inner: string) => body?.slice(0, firstEnd).includes(inner) ?? false;
  const marksBeside = partial ? [...innerMarks.filter((inner) => body.includes(inner) && !shownMarks(inner)), ...(mark ? [mark] : [])] : [];
  // The button goes away with a click: the keyboard stays where the text it added is.
  useEffect(() => {
    if (all) block.current?.focus();
  }, [all]);
  return (
    <>
      <pre tabIndex={0} ref={block}>
        {head}
        {body !== undefined && `\n\n${body.slice(0, firstEnd)}`}
        {all &&
          body !== undefined &&
          textSlices(body.slice(firstEnd), SLICE_CHARS).map((slice, index) => (
            <span key={index} className="slice">
              {slice}
            </span>
          ))}
        {!partial && mark && `\n\n${mark}`}
      </pre>
      {partial && (
        <p className="show-all">
          <button type="button" part={parts('details-button')} className="details-button" onClick={() => setAll(true)}>
            Show all {kibibytes(body)}
          </button>
          {marksBeside.length > 0 && ` ${marksBeside.join(' ')}`}
        </p>
      )}
    </>
  );
}
