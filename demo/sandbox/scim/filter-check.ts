import { type Endpoint, isAttributePath, subAttributesOf } from './attribute-names';

/** Names that write onto Object.prototype when scimmy walks a path made of them. */
export const FORBIDDEN_NAME = /__proto__|constructor|prototype/i;
/** A filter's string value: a JSON string (RFC 7644 §3.4.2.2). */
export const STRING_LITERAL = /"(?:[^"\\]|\\.)*"/g;
const VALUE_PATH = /([^\s()[\]"]+)\[([^[\]]*)\]/;
const COMPARISON = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'lt', 'ge', 'le']);
/** A string literal once set aside, so that nothing inside it is read as a name. */
const STRING_PLACEHOLDER = '\uE000';
const LITERAL = /^(\uE000|-?\d+(\.\d+)?([eE][-+]?\d+)?|true|false|null)$/i;
/** A whole `emails[type eq "work"]` once checked: a complete expression. */
const CHECKED_VALUE_PATH = '\uE001';
const MAX_FILTER_LENGTH = 2000;

/** Why a filter is refused, or undefined when every name in it is an attribute of the endpoint. */
export function filterProblem(endpoint: Endpoint, filter: string, parent?: string): string | undefined {
  if (filter.length > MAX_FILTER_LENGTH) return `A filter may be at most ${MAX_FILTER_LENGTH} characters`;
  if (parent === undefined && /[\uE000-\uE003]/.test(filter)) return 'The filter has characters that are not allowed';
  let rest = filter.replace(STRING_LITERAL, ` ${STRING_PLACEHOLDER} `);
  if (rest.includes('"')) return 'The filter has an unterminated string';
  if (FORBIDDEN_NAME.test(rest)) return 'The filter names a reserved word';
  for (let match = VALUE_PATH.exec(rest); match; match = VALUE_PATH.exec(rest)) {
    const [whole, attribute = '', inner = ''] = match;
    if (parent !== undefined || !subAttributesOf(endpoint, attribute)) return `${attribute} has no sub-attributes to filter`;
    const problem = filterProblem(endpoint, inner, attribute);
    if (problem) return problem;
    rest = rest.replace(whole, ` ${CHECKED_VALUE_PATH} `);
  }
  if (/[[\]]/.test(rest)) return 'The filter has unbalanced brackets';
  return grammarProblem(endpoint, rest.split(/\s+|(?=[()])|(?<=[()])/).filter(Boolean), parent);
}

/** Walks `attribute op value`, `attribute pr`, not, and/or and parentheses (RFC 7644 §3.4.2.2). */
function grammarProblem(endpoint: Endpoint, tokens: string[], parent?: string): string | undefined {
  let depth = 0;
  let expectingExpression = true;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] ?? '';
    const lower = token.toLowerCase();
    if (!expectingExpression) {
      if (token === ')') {
        if (--depth < 0) return 'The filter has unbalanced parentheses';
      } else if (lower === 'and' || lower === 'or') expectingExpression = true;
      else return `Unexpected "${token}" in the filter`;
    } else if (token === '(') depth++;
    else if (lower === 'not') {
      // RFC 7644 §3.4.2.2: "not" "(" valFilter ")". scimmy 1.3.5 answers `not not (…)` with a 500.
      if (tokens[index + 1] !== '(') return '"not" must be followed by a filter in parentheses';
    }
    else if (token === CHECKED_VALUE_PATH) expectingExpression = false;
    else {
      if (!isAttributePath(endpoint, token, parent)) return `${token} is not an attribute here`;
      const operator = tokens[++index]?.toLowerCase();
      if (operator === undefined || (operator !== 'pr' && !COMPARISON.has(operator))) return `${token} needs an operator`;
      if (operator !== 'pr' && !LITERAL.test(tokens[++index] ?? '')) return `${token} ${operator} needs a value`;
      expectingExpression = false;
    }
  }
  if (expectingExpression || depth !== 0) return 'The filter is incomplete';
  return undefined;
}

/** Why an attribute path (attributes, sortBy) is refused, if it is. */
export function attributePathProblem(endpoint: Endpoint, path: string): string | undefined {
  if (FORBIDDEN_NAME.test(path) || !isAttributePath(endpoint, path.trim())) return `${path} is not an attribute here`;
  return undefined;
}

/** A PATCH path's parts: `emails[type eq "work"].value` is `emails`, `type eq "work"`, `value`. */
export interface PatchPath {
  attribute: string;
  filter?: string;
  sub?: string;
}

export function parsePatchPath(path: string): PatchPath | undefined {
  const match = /^([^[\]]+?)(?:\[(.*)\](?:\.([^[\].]+))?)?$/s.exec(path);
  if (!match) return undefined;
  const [, attribute = '', filter, sub] = match;
  return { attribute, filter, sub };
}

/** Why a PATCH path (`emails[type eq "work"].value`, RFC 7644 §3.5.2) is refused, if it is. */
export function patchPathProblem(endpoint: Endpoint, path: string): string | undefined {
  const parsed = parsePatchPath(path);
  if (!parsed) return `${path} is not an attribute path`;
  const { attribute, filter, sub } = parsed;
  if (filter === undefined) return attributePathProblem(endpoint, attribute);
  if (FORBIDDEN_NAME.test(attribute) || !subAttributesOf(endpoint, attribute)) return `${attribute} has no sub-attributes to filter`;
  if (sub !== undefined && !isAttributePath(endpoint, sub, attribute)) return `${sub} is not a sub-attribute of ${attribute}`;
  return filterProblem(endpoint, filter, attribute);
}
