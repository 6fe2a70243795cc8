/**
 * How much of a body Details puts in the DOM when it opens: more than a screenful of its block
 * (20 lines), little enough to lay out at once whatever the shape (Chromium took 110–545 ms to lay
 * out a 256 KB body in one go).
 */
export const FIRST_SHOWN_CHARS = 4096;

/**
 * The size of each piece of the rest once the user asks for all of it: each is a block that layout
 * skips while it is scrolled out of view (`content-visibility: auto`), so a piece is what a frame lays out.
 */
export const SLICE_CHARS = 16384;

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Where a piece of at most `size` characters that starts at `from` ends: after the last line
 * break in its second half if there is one, else at `size`, moved back one so as not to split a
 * surrogate pair.
 */
export function pieceEnd(text: string, from: number, size: number): number {
  const end = from + size;
  if (end >= text.length) return text.length;
  const lineBreak = text.lastIndexOf('\n', end - 1);
  if (lineBreak >= from + size / 2) return lineBreak + 1;
  return isLowSurrogate(text.charCodeAt(end)) && end - 1 > from ? end - 1 : end;
}

/** `text` in pieces of at most `size` characters (see pieceEnd); joined, they are `text` again. */
export function textSlices(text: string, size: number): string[] {
  const slices: string[] = [];
  for (let from = 0; from < text.length; ) {
    const end = pieceEnd(text, from, size);
    slices.push(text.slice(from, end));
    from = end;
  }
  return slices;
}
