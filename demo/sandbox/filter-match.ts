import SCIMMY from 'scimmy';

/**
 * Matches resources against a parsed filter, working around two defects of scimmy 1.3.5's
 * `Filter.match`:
 * - it dives into a complex or multi-valued attribute without checking that the resource has it
 *   (`Object.entries(undefined)`), so `emails.value eq …` or `name.givenName eq …` throws
 *   "Cannot convert undefined or null to object" as soon as one resource lacks `emails` or `name`.
 *   A resource that lacks what the filter looks into does not match it (RFC 7644 §3.4.2.2).
 * - it compares every string case-sensitively, but RFC 7643 §4.1.1 makes `userName` caseExact
 *   false, so `userName eq "bob.case"` must find `Bob.Case`: both sides are compared lower-cased.
 */
export function matchFilter<T extends object>(filter: SCIMMY.Types.Filter, resources: readonly T[]): T[] {
  const caseless = /username/i.test(filter.expression);
  const comparable = caseless ? resources.map(lowerUserName) : [...resources];
  const expressions = caseless ? [...filter].map((expression) => lowerUserNames(expression) as object) : [...filter];
  const matched = new Set(matchSkippingAbsent(expressions, comparable));
  return resources.filter((_, index) => matched.has(comparable[index] as T));
}

/**
 * scimmy's match over all resources at once; where it throws on an absent attribute, each
 * resource and each alternative (`or`) is tried alone, so the one that throws does not hide
 * another that matches.
 */
function matchSkippingAbsent<T extends object>(expressions: object[], resources: T[]): T[] {
  try {
    return new SCIMMY.Types.Filter(expressions).match(resources);
  } catch {
    const alternatives = expressions.map((expression) => new SCIMMY.Types.Filter([expression]));
    return resources.filter((resource) =>
      alternatives.some((alternative) => {
        try {
          return alternative.match([resource]).length > 0;
        } catch {
          return false;
        }
      }),
    );
  }
}

const isUserName = (attribute: string) => attribute.toLowerCase() === 'username';

/** Every string under a `userName` key of a filter expression object, lower-cased. */
function lowerUserNames(expression: unknown, underUserName = false): unknown {
  if (typeof expression === 'string') return underUserName ? expression.toLowerCase() : expression;
  if (Array.isArray(expression)) return expression.map((item) => lowerUserNames(item, underUserName));
  if (expression && typeof expression === 'object') {
    return Object.fromEntries(
      Object.entries(expression).map(([key, value]) => [key, lowerUserNames(value, underUserName || isUserName(key))]),
    );
  }
  return expression;
}

function lowerUserName<T extends object>(resource: T): T {
  const entries = Object.entries(resource).map(([key, value]) => [key, isUserName(key) && typeof value === 'string' ? value.toLowerCase() : value]);
  return Object.fromEntries(entries) as T;
}
