import SCIMMY from 'scimmy';
import { parse, Tester, type Compare, type Filter } from 'scim2-parse-filter';
import { comparesCaseExactly, withoutCorePrefix, type Endpoint } from '../scim/attribute-names';
import { restoreEscapedQuotes } from './escaped-quotes';
import { STRING_LITERAL } from '../scim/filter-check';

/**
 * The resources a filter matches (RFC 7644 §3.4.2.2), evaluated by scim2-parse-filter rather than
 * by scimmy 1.3.5's `Filter.match`, which a SCIM client finds wrong in four ways (each has a test
 * in filter-match.test.ts):
 * - it dives into a complex or multi-valued attribute without checking that the resource has it
 *   (`Object.entries(undefined)`), so `emails.value eq …` answers 400 "Cannot convert undefined or
 *   null to object" as soon as one resource lacks `emails`;
 * - its parser pushes `not` into each term, so `not (a and b)` means `not a and not b`, and
 *   `not (emails.value pr)` matches no one, not even users without emails;
 * - it compares every string exactly, where RFC 7643 §2.2 compares attributes with caseExact
 *   false (`userName`, `displayName`, `emails.value`, …) ignoring case;
 * - `pr` matches an empty string or an empty complex value.
 * On top of scim2-parse-filter, which gets `not` and absent attributes right, this adds caseExact
 * from scimmy's schema definitions, RFC 7644's `pr`, and core-schema URN prefixes
 * (`urn:…:core:2.0:User:userName`), which scim2-parse-filter looks for as a key of the resource.
 */
export function matchFilter<T extends object>(endpoint: Endpoint, expression: string, resources: readonly T[]): T[] {
  return resources.filter(filterMatcher(endpoint, expression));
}

/** Whether a resource matches the filter, as matchFilter decides it; the filter is parsed once. */
export function filterMatcher(endpoint: Endpoint, expression: string): (resource: object) => boolean {
  const filter = prepared(endpoint, parsedOrInvalid(expression));
  const tester = new ScimTester();
  return (resource) => tester.test(resource, filter);
}

/** The values of a multi-valued attribute a value filter selects: `type eq "work"` of `emails[type eq "work"]`. */
export function matchValueFilter<T extends object>(endpoint: Endpoint, attribute: string, expression: string, values: readonly T[]): T[] {
  return matching(prepared(endpoint, parsedOrInvalid(expression), attribute), values);
}

function matching<T extends object>(filter: Filter, candidates: readonly T[]): T[] {
  const tester = new ScimTester();
  return candidates.filter((candidate) => tester.test(candidate, filter));
}

/**
 * The sub-attribute values a value filter pins down, when it is only `eq` comparisons joined by
 * `and` (`type eq "work" and primary eq true` is `{type: "work", primary: true}`); else undefined.
 */
export function equalitiesOf(expression: string): Record<string, unknown> | undefined {
  const equalities = (filter: Filter): [string, unknown][] | undefined => {
    if (filter.op === 'eq') return [[filter.attrPath, filter.compValue]];
    if (filter.op !== 'and') return undefined;
    const parts = filter.filters.map(equalities);
    return parts.every((part) => part !== undefined) ? parts.flat() : undefined;
  };
  const entries = equalities(parsedOrInvalid(expression));
  return entries && Object.fromEntries(entries);
}

/** Marks a string value set aside while the rest of a filter is parsed. */
const LITERAL_MARK = '\uE003';

/**
 * Parses a filter, its string values decoded as the JSON strings RFC 7644 §3.4.2.2 makes them:
 * scim2-parse-filter reads `\"` but leaves `\\` as two backslashes, so each value is set aside,
 * decoded by JSON.parse, and put back into the parsed filter. scim2-parse-filter also refuses two
 * things scimmy reads: `$ref` in a path, and `TRUE`/`False`/`NULL` in capitals.
 */
function parsedOrInvalid(expression: string): Filter {
  try {
    const values: string[] = [];
    const masked = restoreEscapedQuotes(expression).replace(STRING_LITERAL, (literal) => {
      values.push(JSON.parse(literal) as string);
      return `"${LITERAL_MARK}${values.length - 1}"`;
    });
    return withValues(parse(masked), values) as Filter;
  } catch {
    const detail =
      'The filter could not be parsed: write string values as JSON strings, true, false and null in lower case, and filter on other attributes than $ref';
    throw new SCIMMY.Types.Error(400, 'invalidFilter', detail);
  }
}

/** The parsed filter with each marked string value replaced by the value it stands for. */
function withValues(node: unknown, values: readonly string[]): unknown {
  if (typeof node === 'string' && node.startsWith(LITERAL_MARK)) return values[Number(node.slice(1))];
  if (Array.isArray(node)) return node.map((item) => withValues(item, values));
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withValues(value, values)]));
}

/** A comparison whose string value, lower-cased here, meets attribute values lower-cased. */
type CaselessCompare = Compare & { compValue: string; caseless: true };

/** The filter with core-schema prefixes dropped and caseless comparisons marked. `parent` is `emails` inside `emails[…]`. */
function prepared(endpoint: Endpoint, filter: Filter, parent?: string): Filter {
  switch (filter.op) {
    case 'and':
    case 'or':
      return { ...filter, filters: filter.filters.map((each) => prepared(endpoint, each, parent)) };
    case 'not':
      return { ...filter, filter: prepared(endpoint, filter.filter, parent) };
    case '[]':
      return { ...filter, attrPath: withoutCorePrefix(filter.attrPath), valFilter: prepared(endpoint, filter.valFilter, filter.attrPath) };
    case 'pr':
      return { ...filter, attrPath: withoutCorePrefix(filter.attrPath) };
    default: {
      const compare = { ...filter, attrPath: withoutCorePrefix(filter.attrPath) };
      if (typeof filter.compValue !== 'string' || comparesCaseExactly(endpoint, filter.attrPath, parent)) return compare;
      const caseless: CaselessCompare = { ...compare, compValue: filter.compValue.toLowerCase(), caseless: true };
      return caseless;
    }
  }
}

const lowered = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/** RFC 7644 §3.4.2.2: "a non-empty value, or … a non-empty node for complex attributes". */
function isPresent(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (typeof value === 'object') return Object.values(value).some(isPresent);
  return true;
}

class ScimTester extends Tester {
  override test(resource: unknown, filter: Filter): boolean {
    if (!('caseless' in filter)) return super.test(resource, filter);
    const { op, attrPath, compValue } = filter as CaselessCompare;
    return this.attrTest(this.attrPath(attrPath), resource, (value) => this[op](lowered(value), compValue));
  }

  /** A multi-valued attribute of plain values (`schemas`) matches where one of its values does. */
  override attrTest(path: string[], resource: unknown, op: (value: unknown) => boolean): boolean {
    if (path.length === 0 && Array.isArray(resource)) return resource.some(op);
    return super.attrTest(path, resource, op);
  }

  override pr(value: unknown): boolean {
    return isPresent(value);
  }
}
