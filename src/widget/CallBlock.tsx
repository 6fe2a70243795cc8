import { startTransition, useEffect, useRef, useState, type CSSProperties } from 'react';
import { parts } from '../public/parts';
import { FIRST_SHOWN_CHARS, pieceEnd, SLICE_CHARS, textSlices } from './text-slices';
import { withBreaksBetween } from './word-breaks';
import { wrapLines } from './wrap-points';

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
 * `text` with each line that may wrap in a block of its own, whose wrapped rows go on at the line's
 * indent (details.css), and a <wbr> at each break point of a long token. The text nodes hold `text`
 * and nothing else (a <wbr> has no text), and a line's line break is inside its block, so that a
 * selection of it serializes to `text`: no line break is added between blocks nor lost
 * (e2e/details-wrap.spec.ts copies one in Chromium).
 */
function WrappedLines({ text }: { text: string }) {
  return wrapLines(text).map((line, index) =>
    typeof line === 'string' ? (
      line
    ) : (
      <span key={index} className="line" style={line.indent ? ({ '--indent': line.indent } as CSSProperties) : undefined}>
        {withBreaksBetween(line.pieces)}
      </span>
    ),
  );
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
  const text = [head, body, mark || undefined].filter((part) => part !== undefined).join('\n\n');
  const firstShown = head.length + 2 + firstEnd;
  const marksBeside = partial ? [...innerMarks.filter((inner) => body.includes(inner) && !shownMarks(inner)), ...(mark ? [mark] : [])] : [];
  // The button goes away with a click: the keyboard stays where the text it added is.
  useEffect(() => {
    if (all) block.current?.focus();
  }, [all]);
  return (
    <>
      <pre tabIndex={0} ref={block}>
        <WrappedLines text={partial || all ? text.slice(0, firstShown) : text} />
        {all &&
          textSlices(text.slice(firstShown), SLICE_CHARS).map((slice, index) => (
            <span key={index} className="slice">
              <WrappedLines text={slice} />
            </span>
          ))}
      </pre>
      {/* In a transition, React makes the rest's thousands of line elements a few milliseconds at a
          time: no long task (the 5,000 objects took one of 50–66 ms at once). */}
      {partial && (
        <p className="show-all">
          <button type="button" part={parts('details-button')} className="details-button" onClick={() => startTransition(() => setAll(true))}>
            Show all {kibibytes(body)}
          </button>
          {marksBeside.length > 0 && ` ${marksBeside.join(' ')}`}
        </p>
      )}
    </>
  );
}
