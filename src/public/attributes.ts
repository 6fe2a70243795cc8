import { ATTRIBUTE_TABLE, EDITOR_SWITCH, type AttributeName, type AttributeRowOf, type PropertyName, type ScimGeneratorProperties } from './attribute-table';
import { DEFAULT_API_KEY_PATH } from './constants';
import { FLOWS, RESOURCE_TYPES, SCHEMA_SOURCES } from '../scim/records/schemas';
import { PROFILES } from '../scim/profiles/names';

// How each attribute of the table (attribute-table.ts) is read. Kept out of the table so that the
// ES entry, which exports the table's names, does not carry the parsers.

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (message: string): Parsed<never> => ({ ok: false, message });

/** An http(s) URL without credentials: fetch refuses those, and they would leak into links. */
export function httpUrl(value: string, base: string): URL | null {
  try {
    const url = new URL(value, base);
    const isHttp = url.protocol === 'http:' || url.protocol === 'https:';
    return isHttp && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

/** The reader of an attribute that takes one of a few `values`; `label` names it in the message. */
const oneOf =
  <V extends string>(label: string, values: readonly V[]) =>
  (text: string): Parsed<V> =>
    values.includes(text as V) ? ok(text as V) : fail(`Invalid ${label}: "${text}" is not ${values.slice(0, -1).join(', ')} or ${values.at(-1)}`);

// setTimeout fires at once for delays above a signed 32-bit integer.
const MAX_TIMEOUT_MS = 2_147_483_647;
// faker's Mersenne Twister takes a 32-bit seed; larger numbers would wrap onto smaller ones.
const MAX_SEED = 4_294_967_295;

/** Each attribute's reader of its trimmed text (the default when absent); `documentBase` resolves relative URLs. */
const PARSERS = {
  'resource-type': oneOf('resource type', RESOURCE_TYPES),
  'base-url': (text, base) => {
    const url = httpUrl(text, base);
    return url ? ok(url) : fail(`Invalid base-url: "${text}" is not an http(s) URL without credentials`);
  },
  // Never an error: a target that is not http(s) (javascript:, data:, ...) falls back to the
  // default, and to no link at all where even that is not http(s).
  'api-key-url': (text, base) => ok(httpUrl(text, base) ?? httpUrl(DEFAULT_API_KEY_PATH, base)),
  timeout: (text) => {
    // Digits only: Number() would also take "1e3", "0x10" or " 12 ", which no one means as a timeout.
    const ms = /^\d+$/.test(text) ? Number(text) : NaN;
    return ms > 0 && ms <= MAX_TIMEOUT_MS ? ok(ms) : fail(`Invalid timeout: "${text}" is not a whole number of milliseconds above 0`);
  },
  'plan-card-selector': (text) => ok(text),
  profile: oneOf('profile', PROFILES),
  flow: (text) => (text === '' ? ok(undefined) : oneOf('flow', FLOWS)(text)),
  schema: oneOf('schema', SCHEMA_SOURCES),
  editor: oneOf('editor', EDITOR_SWITCH),
  seed: (text) => {
    if (text === '') return ok(undefined);
    const seed = /^\d+$/.test(text) ? Number(text) : NaN;
    return seed <= MAX_SEED ? ok(seed) : fail(`Invalid seed: "${text}" is not a whole number from 0 to ${MAX_SEED}`);
  },
  // The names, separated by spaces; the readiness view checks them (readiness/names.ts), so that
  // this chunk, which the page loads before the button, does not grow with them.
  readiness: (text) => ok(text.split(/\s+/)),
  // The text as given: the lazily loaded code that uses it checks it (emailDomainFor), so that this
  // chunk, which the page loads before the button, does not carry the domain name's rule.
  'email-domain': (text) => ok(text === '' ? undefined : text),
} satisfies { [N in AttributeName]: (text: string, documentBase: string) => Parsed<unknown> };

type ValueOf<N extends AttributeName> = ReturnType<(typeof PARSERS)[N]> extends Parsed<infer T> ? T : never;

/** Each attribute's parsed value, by property. */
export type ParsedAttributes = { [R in AttributeRowOf as R['property']]: ValueOf<R['name']> };

/** Parses every attribute, or returns the message of the first that is invalid. */
export function parseAttributes(properties: Partial<ScimGeneratorProperties>, documentBase: string): Parsed<ParsedAttributes> {
  const values: Record<string, unknown> = {};
  for (const row of ATTRIBUTE_TABLE) {
    const text = properties[row.property as PropertyName]?.trim() || row.default;
    const parsed: Parsed<unknown> = PARSERS[row.name](text, documentBase);
    if (!parsed.ok) return parsed;
    values[row.property] = parsed.value;
  }
  return ok(values as ParsedAttributes);
}
