import { RECORDS_PER_BATCH } from '../../public/constants';
import { isJsonObject } from '../http/json';
import type { ResourceType, ScimRecord } from '../records/schemas';
import type { ResourceSchema } from '../server-schema/definitions';
import { COMMON_ATTRIBUTES } from '../server-schema/read-schema';
import { jsonPlaces, lineOf, type KeyPlace } from './json-places';

/** The records a press sends from the editor's text, each marked when it differs from its generated record. */
export type EditedRecords = { ok: true; records: ScimRecord[]; edited: boolean[] } | { ok: false; message: string };

/** What is wrong with a record: at the record, or at the key `path` within it (an attribute, or one under an extension's URN). */
interface Problem {
  index: number;
  path?: readonly string[];
  why: string;
}

// The attribute each resource type's flows, actions and checks find a record by; RFC 7643 §4.1.1 and §4.2 require them.
const MATCHED_BY = { Users: ['userName', '§4.1.1'], Groups: ['displayName', '§4.2'] } as const satisfies Record<ResourceType, readonly [string, string]>;

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`);
const named = (names: readonly { name: string }[]) => new Set(names.map(({ name }) => name.toLowerCase()));

/**
 * The first attribute of the record that the server's schema does not declare (RFC 7643 §2.1: names
 * compared without case): at the top, the common attributes (§3.1), the core schema's and the
 * extensions' URNs; under an extension's URN (§3.3), that extension's attributes. Sub-attributes are
 * the server's to judge.
 */
function undeclared(record: Record<string, unknown>, schema: ResourceSchema): { path: string[]; why: string } | undefined {
  const core = named([...COMMON_ATTRIBUTES.map((name) => ({ name })), ...schema.core.attributes, ...schema.extensions.map(({ id }) => ({ name: id }))]);
  for (const [name, value] of Object.entries(record)) {
    const extension = schema.extensions.find(({ id }) => id.toLowerCase() === name.toLowerCase());
    if (!core.has(name.toLowerCase())) return { path: [name], why: `the server's schema has no attribute ${JSON.stringify(name)} (${schema.core.id})` };
    if (!extension || !isJsonObject(value)) continue;
    const declared = named(extension.attributes);
    const other = Object.keys(value).find((key) => !declared.has(key.toLowerCase()));
    if (other !== undefined) return { path: [name, other], why: `the server's schema has no attribute ${JSON.stringify(other)} in ${extension.id}` };
  }
  return undefined;
}

/** The first problem of the parsed text, in record order, for the message; undefined when a press can send it. */
function problemOf(records: unknown[], resourceType: ResourceType, schema: ResourceSchema | undefined): Problem | undefined {
  const [matchedBy, section] = MATCHED_BY[resourceType];
  for (const [index, record] of records.entries()) {
    if (!isJsonObject(record)) return { index, why: `is ${kindOf(record)}, not a JSON object` };
    const { schemas } = record;
    if (!Array.isArray(schemas) || schemas.length === 0 || !schemas.every((urn) => typeof urn === 'string')) {
      return { index, why: 'has no "schemas": RFC 7643 §3 requires the list of its schemas\' URNs' };
    }
    if (typeof record[matchedBy] !== 'string') {
      return { index, why: `has no ${JSON.stringify(matchedBy)} string: RFC 7643 ${section} requires it, and the flows, actions and Check find the record by it` };
    }
    const unknown = schema && undeclared(record, schema);
    if (unknown) return { index, ...unknown };
  }
  return undefined;
}

const keyAt = (keys: readonly KeyPlace[], name: string) => keys.find((key) => key.name === name);

/** "record 4 (line 40)", or "record 4, line 45" for a key within it. */
function placeOf(text: string, { index, path = [] }: Problem): string {
  const record = jsonPlaces(text).records[index];
  let offset = record?.start ?? 0;
  let keys = record?.keys ?? [];
  for (const name of path) {
    const key = keyAt(keys, name);
    if (!key) break;
    ({ offset, keys } = key);
  }
  const { line } = lineOf(text, offset);
  return path.length > 0 ? `record ${index + 1}, line ${line}:` : `record ${index + 1} (line ${line})`;
}

/** Where the text stops being JSON, and in which record when inside one. */
function notJson(text: string): string {
  const { records, error } = jsonPlaces(text);
  if (!error) return 'the records are not JSON';
  const { line, column } = lineOf(text, error.offset);
  const index = records.findIndex(({ start, end = Infinity }) => start < error.offset && error.offset < end);
  const inRecord = index < 0 ? '' : ` (record ${index + 1})`;
  return `the text is not JSON at line ${line}, column ${column}${inRecord}: expected ${error.expected}`;
}

/**
 * Reads the editor's text as the ten records of a press. JSON.parse reads the values, so each
 * record goes out as JSON.stringify gives what the reader wrote; a record equal to its generated one
 * counts as not edited. Any problem refuses the whole text with a message that names the record
 * and the line, and nothing is sent.
 */
export function readEdits(text: string, generated: readonly ScimRecord[], resourceType: ResourceType, schema?: ResourceSchema): EditedRecords {
  const refused = (why: string): EditedRecords => ({ ok: false, message: `Nothing was sent: ${why}.` });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refused(notJson(text));
  }
  if (!Array.isArray(parsed)) return refused(`the text is ${kindOf(parsed)}, not a JSON array of ${RECORDS_PER_BATCH} records (line 1)`);
  if (parsed.length !== RECORDS_PER_BATCH) return refused(`the text holds ${parsed.length} records; a press sends ${RECORDS_PER_BATCH}`);
  const problem = problemOf(parsed, resourceType, schema);
  if (problem) return refused(`${placeOf(text, problem)} ${problem.why}`);
  const records = parsed as ScimRecord[];
  return { ok: true, records, edited: records.map((record, index) => JSON.stringify(record) !== JSON.stringify(generated[index])) };
}
