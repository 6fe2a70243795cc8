import { isPlainObject } from '../scim/plain-object';

/** A resource's value for `sortBy`, reduced to what sorting compares. */
export interface SortKey {
  kind: 'missing' | 'number' | 'date' | 'text';
  number: number;
  text: string;
}

// scimmy 1.3.5's own test for a date when it sorts (ListResponse).
const DATE =
  /^(-?(?:[1-9][0-9]*)?[0-9]{4})-(1[0-2]|0[1-9])-(3[01]|0[1-9]|[12][0-9])(T(2[0-3]|[01][0-9]):([0-5][0-9]):([0-5][0-9])(\.[0-9]+)?(Z|[+-](?:2[0-3]|[01][0-9]):[0-5][0-9])?)?$/;
const collator = new Intl.Collator();

/**
 * The sort key of a resource for `sortBy` (RFC 7644 §3.4.2.3): the attribute named in any letter
 * case, with or without its schema URN; of a multi-valued attribute, the primary value or else the first.
 */
export function sortKeyOf(resource: object, sortBy: string): SortKey {
  let node: unknown = resource;
  let rest = sortBy;
  if (/^urn:/i.test(sortBy)) {
    const urn = Object.keys(resource).find((key) => sortBy.toLowerCase().startsWith(`${key.toLowerCase()}:`));
    // A core attribute named with its URN, or one of an extension the resource does not carry.
    const colon = sortBy.lastIndexOf(':');
    node = urn ? (resource as Record<string, unknown>)[urn] : resource;
    rest = urn ? sortBy.slice(urn.length + 1) : sortBy.slice(colon + 1);
  }
  for (const name of rest.split('.')) node = valueOf(chosen(node), name);
  return keyOf(chosen(node, true));
}

/** Of a multi-valued attribute, the primary value or the first; with `unwrap`, that value's `value`. */
function chosen(node: unknown, unwrap = false): unknown {
  if (!Array.isArray(node)) return node;
  const value: unknown = node.find((each) => isPlainObject(each) && each.primary === true) ?? node[0];
  return unwrap && isPlainObject(value) ? value.value : value;
}

function valueOf(node: unknown, name: string): unknown {
  if (!isPlainObject(node)) return undefined;
  const key = Object.keys(node).find((each) => each.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : node[key];
}

function keyOf(value: unknown): SortKey {
  if (value === undefined || value === null) return { kind: 'missing', number: 0, text: '' };
  if (typeof value === 'number') return { kind: 'number', number: value, text: String(value) };
  const text = String(value);
  return DATE.test(text) ? { kind: 'date', number: new Date(text).getTime(), text } : { kind: 'text', number: 0, text };
}

/**
 * Ascending order as scimmy 1.3.5 sorts: missing values last, numbers by size, dates by time, and
 * anything else as text in the default locale's order. Descending is this reversed, so missing values
 * come first (RFC 7644 §3.4.2.3).
 */
export function compareSortKeys(a: SortKey, b: SortKey): number {
  if (a.kind === 'missing' || b.kind === 'missing') return a.kind === b.kind ? 0 : a.kind === 'missing' ? 1 : -1;
  if (a.kind === b.kind && a.kind !== 'text') return a.number - b.number;
  return collator.compare(a.text, b.text);
}
