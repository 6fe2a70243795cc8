/**
 * scimmy 1.3.5 parses every filter before the sandbox evaluates it, and its tokenizer ends a string
 * at an escaped quote: `userName eq "o\"brien"` answers 400, though RFC 7644 §3.4.2.2 makes the
 * value a JSON string, where `\"` is a quote. So the guard hands scimmy each `\"` as a private-use
 * character (filter-check refuses that character from clients), and the evaluator restores it.
 */
const ESCAPED_QUOTE = '\uE002';

/** `\"` becomes ESCAPED_QUOTE; an escaped backslash (`\\`) is read first, so `"a\\"` keeps its closing quote. */
export function hideEscapedQuotes(filter: string): string {
  return filter.replace(/\\(["\\])/g, (escape, character: string) => (character === '"' ? ESCAPED_QUOTE : escape));
}

export function restoreEscapedQuotes(filter: string): string {
  return filter.replaceAll(ESCAPED_QUOTE, '\\"');
}
