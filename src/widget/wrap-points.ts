/**
 * How many characters a row of the narrowest Details block holds (a card on a 320 px phone): a
 * line no longer than this never wraps, and a token no longer than this fits a row whole.
 */
export const NARROWEST_ROW_CHARS = 19;

const LONG_TOKEN = new RegExp(`\\S{${NARROWEST_ROW_CHARS + 1},}`, 'g');

/** Where URNs, URLs, query strings, lists and ids part: a long token may break after a run of these. */
const BREAK_AFTER = /[:/?&=,-]+(?=[^\s:/?&=,-])/g;

const LINE = /[^\n]*\n|[^\n]+/g;

/** A line long enough to wrap. */
export interface WrapLine {
  /** The spaces that start the line: where its wrapped rows go on from. */
  indent: number;
  /** The line, its line break included, cut after each break point of its long tokens. */
  pieces: string[];
}

/** `line` cut after each run of break characters inside its long tokens; joined, the pieces are `line`. */
function pieces(line: string): string[] {
  const cuts = [...line.matchAll(LONG_TOKEN)].flatMap(({ 0: token, index }) =>
    [...token.matchAll(BREAK_AFTER)].map((found) => index + found.index + found[0].length),
  );
  return [0, ...cuts].map((from, at) => line.slice(from, cuts[at] ?? line.length));
}

/**
 * `text` as the lines that may wrap, each with its indent and pieces, and between them, as one
 * string, each run of lines too short to wrap: all joined, they are `text` again. Only the long
 * lines need an element of their own, so a body of many short lines costs few.
 */
export function wrapLines(text: string): (string | WrapLine)[] {
  const shown: (string | WrapLine)[] = [];
  for (const line of text.match(LINE) ?? []) {
    const last = shown.at(-1);
    if (line.trimEnd().length > NARROWEST_ROW_CHARS) shown.push({ indent: line.search(/[^ ]|$/), pieces: pieces(line) });
    else if (typeof last === 'string') shown[shown.length - 1] = last + line;
    else shown.push(line);
  }
  return shown;
}
