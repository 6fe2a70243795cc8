/**
 * The characters a single-quoted string literal of JavaScript or Python cannot hold as they are,
 * or that would be changed or act on a terminal on the way: the quote, the backslash, C0 and C1
 * controls (NUL, CR, LF among them), DEL, the line separators JavaScript once refused, and
 * surrogates without their pair (which no UTF-8 text can carry).
 */
// eslint-disable-next-line no-control-regex -- the control characters are the point
const ESCAPED = /[\\'\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A single-quoted string literal, the same in JavaScript and Python, that evaluates to `text`. */
export function singleQuotedLiteral(text: string): string {
  const escaped = text.replace(ESCAPED, (char) =>
    char === '\\' || char === "'" ? `\\${char}` : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `'${escaped}'`;
}
