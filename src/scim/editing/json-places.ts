/** Where a key of a record stands in the editor's text, and the keys of its value when that is an object. */
export interface KeyPlace {
  name: string;
  offset: number;
  keys: KeyPlace[];
}

/** Where a record of the text's array starts and ends (unless the text stops being JSON in it), and its keys with theirs (an extension's attributes). */
export interface RecordPlace {
  start: number;
  end?: number;
  keys: KeyPlace[];
}

/** The records' places in a text meant as a JSON array of records, and the first place it is not JSON (RFC 8259). */
export interface JsonPlaces {
  records: RecordPlace[];
  error?: { offset: number; expected: string };
}

const SPACE = /[ \t\n\r]*/y;
// RFC 8259 §7: a string holds no unescaped control character (U+0000 to U+001F).
// eslint-disable-next-line no-control-regex
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[\da-fA-F]{4}))*"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;
// Keys are kept two levels down: a record's attributes, and an extension's under its URN (RFC 7643 §3.3).
const KEPT_LEVELS = 2;

class NotJson extends Error {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {
    super(expected);
  }
}

/**
 * Reads the text as RFC 8259's grammar for the places of the editor's messages. It runs only when
 * a message needs a line, since JSON.parse reads the values; the sticky patterns keep a 1 MB text
 * to one pass.
 */
export function jsonPlaces(text: string): JsonPlaces {
  let at = 0;
  const records: RecordPlace[] = [];
  const match = (pattern: RegExp) => {
    pattern.lastIndex = at;
    if (!pattern.test(text)) return false;
    at = pattern.lastIndex;
    return true;
  };
  const skip = () => match(SPACE);
  const fail = (expected: string): never => {
    throw new NotJson(at, expected);
  };
  const take = (char: string) => {
    skip();
    if (text[at] !== char) fail(JSON.stringify(char));
    at++;
  };
  /** Each entry of an object or array, from after its opening to its `close`. */
  const entries = (close: string, entry: () => void) => {
    skip();
    if (text[at] === close) return void at++;
    for (;;) {
      entry();
      skip();
      if (text[at] === close) return void at++;
      if (text[at] !== ',') fail(`"," or ${JSON.stringify(close)}`);
      at++;
    }
  };
  const value = (levels: number): KeyPlace[] => {
    skip();
    const keys: KeyPlace[] = [];
    if (text[at] === '{') {
      at++;
      entries('}', () => {
        skip();
        const offset = at;
        if (!match(STRING)) fail('a quoted attribute name');
        const name = JSON.parse(text.slice(offset, at)) as string;
        take(':');
        const below = value(levels - 1);
        if (levels > 0) keys.push({ name, offset, keys: below });
      });
    } else if (text[at] === '[') {
      at++;
      entries(']', () => value(0));
    } else if (!match(STRING) && !match(NUMBER) && !match(LITERAL)) fail('a value');
    return keys;
  };

  try {
    skip();
    if (text[at] !== '[') fail('"[": the records are a JSON array');
    at++;
    entries(']', () => {
      skip();
      const place: RecordPlace = { start: at, keys: [] };
      records.push(place);
      place.keys = value(KEPT_LEVELS);
      place.end = at;
    });
    skip();
    if (at < text.length) fail('the end of the text after "]"');
    return { records };
  } catch (error) {
    if (error instanceof NotJson) return { records, error: { offset: error.offset, expected: error.expected } };
    // A value nested deeper than the stack goes: no SCIM record nests so.
    if (error instanceof RangeError) return { records, error: { offset: at, expected: 'less nesting' } };
    throw error;
  }
}

/** The line (from 1) and column (from 1) of an offset of the text. */
export function lineOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}
