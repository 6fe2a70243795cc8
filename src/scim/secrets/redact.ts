export const REDACTED = '[redacted]';

/**
 * A key this short would shred ordinary text (a one-letter key would hide every occurrence of
 * that letter), and is not worth hiding: it is guessed faster than read.
 */
export const MIN_REDACTED_KEY_LENGTH = 8;

/** Hides the key in whatever a server sends back. */
export interface Redactor {
  /** Every form of the key in the text (see redactorFor) becomes REDACTED. */
  text(value: string): string;
  /** The same for text cut short (a body at its cap): a start of the key at its very end is hidden too. */
  cutText(value: string): string;
  /** A copy of a JSON value with every name and string hidden as `text` hides them, at any depth. */
  json(value: unknown): unknown;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
const utf8 = (text: string) => new TextEncoder().encode(text);

/** One character of the key as a server may write it: itself, JSON-escaped (`\"`, `\u0041`), or percent-encoded. */
function characterPattern(char: string): string {
  const forms = new Set([
    char,
    JSON.stringify(char).slice(1, -1),
    char.split('').map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    hex(utf8(char)).replace(/../g, '%$&'),
    ...(char === '/' ? ['\\/'] : char === ' ' ? ['+'] : []),
  ]);
  return `(?:${[...forms].map(escapeRegExp).join('|')})`;
}

/**
 * The stretches of base64 (and base64url) that only the key's bytes decide, at each of the three
 * alignments the key may have in the encoded bytes: so the key is found in `base64(key)` and in
 * `base64(user:key)` (HTTP Basic) whatever comes before it.
 */
function base64Cores(key: string): string[] {
  const bytes = utf8(key);
  return [0, 1, 2].flatMap((offset) => {
    const encoded = btoa(String.fromCharCode(...new Uint8Array(offset), ...bytes));
    const core = encoded.slice(Math.ceil((offset * 4) / 3), Math.floor(((offset + bytes.length) * 4) / 3));
    return [core, core.replaceAll('+', '-').replaceAll('/', '_')];
  });
}

/** Runs of base64 or base64url characters, with any padding. */
const BASE64_RUN = /[\w+/-]+=*/g;

/** The redactor of the key last asked for. Its patterns keep no state between uses (`replace` starts a global pattern afresh). */
let lastBuilt: { apiKey: string; redactor: Redactor } | undefined;

const IDENTITY: Redactor = { text: (value) => value, cutText: (value) => value, json: (value) => value };

/**
 * Hides the key wherever a server echoes it: as it is and in any letter case (some log formats
 * upper-case it), each character also JSON-escaped or percent-encoded (so `\u`-escaped, URL-encoded
 * and mixed forms), as hex of its UTF-8 bytes, and inside base64 or base64url, `user:key` included.
 * Keys shorter than MIN_REDACTED_KEY_LENGTH are left alone.
 */
export function redactorFor(apiKey: string | null): Redactor {
  if (!apiKey || apiKey.length < MIN_REDACTED_KEY_LENGTH) return IDENTITY;
  // Every call of a batch, and of its actions and checks, hides the same key: building its
  // patterns anew took a quarter of each call's own time in the press (issue 42).
  if (lastBuilt?.apiKey !== apiKey) lastBuilt = { apiKey, redactor: buildRedactor(apiKey) };
  return lastBuilt.redactor;
}

function buildRedactor(apiKey: string): Redactor {
  const characters = [...apiKey].map(characterPattern);
  const pattern = new RegExp(`${characters.join('')}|${hex(utf8(apiKey))}`, 'gi');
  // Any proper start of the key, each character in any of its forms, at the end of the text.
  const start = characters.slice(0, -1).reduceRight((inner, character) => `${character}(?:${inner})?`, '');
  const startAtEnd = new RegExp(`(?:${start})$`, 'i');
  const cores = base64Cores(apiKey);

  // Every form above is at least as long as the key (each character is itself or longer, a base64
  // core of 8 or more bytes is longer than they are), so shorter text, most names and values in a
  // body, holds none: it is returned without running the patterns.
  const text = (value: string) =>
    value.length < apiKey.length
      ? value
      : value.replace(pattern, REDACTED).replace(BASE64_RUN, (run) => (cores.some((core) => run.includes(core)) ? REDACTED : run));

  // Without recursion, so that no depth of nesting a server sends can overflow the stack.
  const json = (value: unknown): unknown => {
    const pending: Record<string, unknown>[] = [];
    const copy = (item: unknown): unknown => {
      if (typeof item === 'string') return text(item);
      if (typeof item !== 'object' || item === null) return item;
      // fromEntries defines own properties, so a "__proto__" name stays a plain name.
      const copied = Array.isArray(item) ? [...(item as unknown[])] : Object.fromEntries(Object.entries(item).map(([name, entry]) => [text(name), entry]));
      pending.push(copied as Record<string, unknown>);
      return copied;
    };
    const root = copy(value);
    // Each name is an own property of the copy by now, so assigning to it cannot reach a prototype.
    for (let next = pending.pop(); next; next = pending.pop()) for (const [name, entry] of Object.entries(next)) next[name] = copy(entry);
    return root;
  };

  return { text, cutText: (value) => text(value).replace(startAtEnd, REDACTED), json };
}
