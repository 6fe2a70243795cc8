export const REDACTED = '[redacted]';

/**
 * A key this short would shred ordinary text (a one-letter key would hide every occurrence of
 * that letter), and is not worth hiding: it is guessed faster than read.
 */
export const MIN_REDACTED_KEY_LENGTH = 8;

/** A function that hides the key in any text or JSON value a server sends back. */
export type Redactor = {
  text(value: string): string;
  json(value: unknown): unknown;
};

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Hides the key and its case variants (a server may echo it upper-cased, as some log formats
 * do), also as it appears escaped inside a JSON string (a key holding `"` or `\`), so that a body
 * kept as the text received hides it too. Keys shorter than MIN_REDACTED_KEY_LENGTH are left alone.
 */
export function redactorFor(apiKey: string | null): Redactor {
  if (!apiKey || apiKey.length < MIN_REDACTED_KEY_LENGTH) return { text: (value) => value, json: (value) => value };
  const forms = new Set([apiKey, JSON.stringify(apiKey).slice(1, -1)]);
  const pattern = new RegExp([...forms].map(escapeRegExp).join('|'), 'gi');
  const text = (value: string) => value.replace(pattern, REDACTED);
  const json = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(json);
    if (typeof value === 'object' && value !== null) {
      // fromEntries defines own properties, so a "__proto__" key stays a plain key.
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [text(name), json(item)]));
    }
    return value;
  };
  return { text, json };
}
