import { DEFAULT_API_KEY_PATH, DEFAULT_SCIM_BASE_PATH } from './constants';
import { FLOWS, PROFILES, RESOURCE_TYPES, SCHEMA_SOURCES, isFlow, isProfileName, isResourceType, isSchemaSource } from './scim/schemas';

/**
 * The element's attributes: the one place each is declared. r2wc's props, the element's typed
 * properties, the JSX attribute types, the config's defaults and validation, and
 * custom-elements.json (`npm run manifest`) are all derived from this table; each attribute's
 * description is in attribute-descriptions.ts, which only the manifest reads, so that the page
 * does not download documentation.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (message: string): Parsed<never> => ({ ok: false, message });

interface AttributeSpec<T> {
  /** The HTML attribute. */
  name: string;
  /** The property r2wc maps it to, which reflects back to the attribute. */
  property: string;
  /** The only values it takes, when they are few (the manifest's and JSX's type); else any text. */
  values?: readonly string[];
  /** Whether JSX may also pass a number. */
  numeric?: true;
  /** The value when the attribute is missing or blank, as the attribute would spell it. */
  default: string;
  /** Reads the trimmed attribute text (the default when absent); `documentBase` resolves relative URLs. */
  parse(text: string, documentBase: string): Parsed<T>;
}

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

/** `a, b or c`: the values an attribute takes, as its message names them. */
const oneOf = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

// setTimeout fires at once for delays above a signed 32-bit integer.
const MAX_TIMEOUT_MS = 2_147_483_647;
// faker's Mersenne Twister takes a 32-bit seed; larger numbers would wrap onto smaller ones.
const MAX_SEED = 4_294_967_295;

export const ATTRIBUTE_TABLE = [
  {
    name: 'resource-type',
    property: 'resourceType',
    values: RESOURCE_TYPES,
    default: 'Users',
    parse: (text) => (isResourceType(text) ? ok(text) : fail(`Invalid resource type: "${text}" is not ${oneOf(RESOURCE_TYPES)}`)),
  },
  {
    name: 'base-url',
    property: 'baseUrl',
    default: DEFAULT_SCIM_BASE_PATH,
    parse: (text, base) => {
      const url = httpUrl(text, base);
      return url ? ok(url) : fail(`Invalid base-url: "${text}" is not an http(s) URL without credentials`);
    },
  },
  {
    name: 'api-key-url',
    property: 'apiKeyUrl',
    default: DEFAULT_API_KEY_PATH,
    // Never an error: a target that is not http(s) (javascript:, data:, ...) falls back to the
    // default, and to no link at all where even that is not http(s).
    parse: (text, base) => ok(httpUrl(text, base) ?? httpUrl(DEFAULT_API_KEY_PATH, base)),
  },
  {
    name: 'timeout',
    property: 'timeout',
    numeric: true,
    default: '30000',
    parse: (text) => {
      // Digits only: Number() would also take "1e3", "0x10" or " 12 ", which no one means as a timeout.
      const ms = /^\d+$/.test(text) ? Number(text) : NaN;
      return ms > 0 && ms <= MAX_TIMEOUT_MS
        ? ok(ms)
        : fail(`Invalid timeout: "${text}" is not a whole number of milliseconds above 0`);
    },
  },
  {
    name: 'plan-card-selector',
    property: 'planCardSelector',
    default: '.plan-card',
    parse: (text) => ok(text),
  },
  {
    name: 'profile',
    property: 'profile',
    values: PROFILES,
    default: 'basic',
    parse: (text) => (isProfileName(text) ? ok(text) : fail(`Invalid profile: "${text}" is not ${oneOf(PROFILES)}`)),
  },
  {
    name: 'flow',
    property: 'flow',
    values: FLOWS,
    default: '',
    parse: (text) => (text === '' ? ok(undefined) : isFlow(text) ? ok(text) : fail(`Invalid flow: "${text}" is not ${oneOf(FLOWS)}`)),
  },
  {
    name: 'schema',
    property: 'schema',
    values: SCHEMA_SOURCES,
    default: 'profile',
    parse: (text) => (isSchemaSource(text) ? ok(text) : fail(`Invalid schema: "${text}" is not ${oneOf(SCHEMA_SOURCES)}`)),
  },
  {
    name: 'seed',
    property: 'seed',
    numeric: true,
    default: '',
    parse: (text) => {
      if (text === '') return ok(undefined);
      const seed = /^\d+$/.test(text) ? Number(text) : NaN;
      return seed <= MAX_SEED ? ok(seed) : fail(`Invalid seed: "${text}" is not a whole number from 0 to ${MAX_SEED}`);
    },
  },
] as const satisfies readonly AttributeSpec<unknown>[];

type Row = (typeof ATTRIBUTE_TABLE)[number];
type ValueOf<R> = R extends { parse(text: string, base: string): Parsed<infer T> } ? T : never;
type JsxValueOf<R> = R extends { values: readonly (infer V)[] } ? V : R extends { numeric: true } ? string | number : string;

export type AttributeName = Row['name'];
export type PropertyName = Row['property'];

/** The element's properties, as r2wc defines them: the attribute text, or undefined when absent. */
export type ScimGeneratorProperties = { [R in Row as R['property']]: string | undefined };

/** The element's attributes by their HTML names, as JSX props. */
export type ScimGeneratorAttributes = { [R in Row as R['name']]?: JsxValueOf<R> };

/** Each attribute's parsed value, by property. */
export type ParsedAttributes = { [R in Row as R['property']]: ValueOf<R> };

/** Attribute name → property: what r2wc maps. */
export const ATTRIBUTES = Object.fromEntries(ATTRIBUTE_TABLE.map((row) => [row.name, row.property])) as {
  [R in Row as R['name']]: R['property'];
};

/** Parses every attribute, or returns the message of the first that is invalid. */
export function parseAttributes(
  properties: Partial<ScimGeneratorProperties>,
  documentBase: string,
): Parsed<ParsedAttributes> {
  const values: Record<string, unknown> = {};
  for (const row of ATTRIBUTE_TABLE as readonly AttributeSpec<unknown>[]) {
    const text = properties[row.property as PropertyName]?.trim() || row.default;
    const parsed = row.parse(text, documentBase);
    if (!parsed.ok) return parsed;
    values[row.property] = parsed.value;
  }
  return ok(values as ParsedAttributes);
}
