import type { Request, RequestHandler } from 'express';
import SCIMMY from 'scimmy';
import { endpointOf, isMultiValued, withoutCorePrefix, type Endpoint } from '../scim/attribute-names';
import { parsePatchPath, type PatchPath } from '../scim/filter-check';
import { equalitiesOf, matchValueFilter } from './filter-match';
import { patchOperations, type PatchOperation } from '../scim/patch-operations';
import { isPlainObject } from '../scim/plain-object';
import { sendScimError } from '../scim/scim-error';
import type { TenantStore } from '../store/store';

type Value = Record<string, unknown>;

/** Why a filtered operation cannot be carried out, as RFC 7644 §3.5.2 names it. */
class Refused extends Error {
  constructor(
    message: string,
    readonly scimType: 'noTarget' | 'invalidValue',
  ) {
    super(message);
  }
}

/**
 * Carries out the PATCH operations whose path filters a multi-valued attribute (RFC 7644 §3.5.2:
 * `emails[type eq "work"].value`, `members[value eq "…"]`) on the stored resource, and hands each
 * to scimmy as a replace of the whole attribute. scimmy 1.3.5's own handling of them is wrong:
 * - it carries out a `replace` as a `remove` then an `add` of the same path, so the add finds none
 *   of the values the filter selected: noTarget for `emails[value eq "a@x.org"].value` although the
 *   address exists, and a whole value replaced moves to the end of the list;
 * - its filter compares exactly, where RFC 7643 gives `type` and `value` of `emails` caseExact false;
 * - an `add` whose filter matches no value answers noTarget. Entra ID sends `Add` on
 *   `emails[type eq "work"].value` to give a user a work address (Microsoft Q&A "Entra ID patch
 *   sending Add instead of Replace"), so, as RFC 7644 §3.5.2.1 adds an attribute that has no value,
 *   the sandbox adds a value made of the filter's equalities and the given sub-attribute.
 * Operations are resolved in order, each on what the ones before it left (scimmy still carries out
 * the unfiltered ones itself). Of consecutive filtered operations on one attribute only the last
 * replace goes to scimmy, as it holds what the others did: scimmy checks every value of an
 * attribute it replaces, so one replace per operation would cost operations × values × values.
 * Runs after `guardQueries`, so every path here has been checked against the schemas.
 */
export function resolveFilteredPaths(contextOf: (req: Request) => { tenant: TenantStore }): RequestHandler {
  return async (req, res, next) => {
    const operations = patchOperations(req);
    if (!operations) return next();
    const endpoint = endpointOf(req.path);
    const resource = await storedResource(contextOf(req).tenant, endpoint, req.path);
    if (!resource) return next();
    try {
      (req.body as { Operations: unknown[] }).Operations = resolve(endpoint, resource, operations);
      next();
    } catch (error) {
      if (error instanceof Refused) sendScimError(res, 400, error.message, error.scimType);
      else if (error instanceof SCIMMY.Types.Error) sendScimError(res, 400, error.message, 'invalidPath');
      else throw error;
    }
  };
}

/** The stored User or Group of the key's tenant that a `/Users/{id}` or `/Groups/{id}` path names, if there is one. */
async function storedResource(tenant: TenantStore, endpoint: Endpoint, path: string): Promise<Value | undefined> {
  const [, , id, ...rest] = path.split('/');
  if (id === undefined || rest.length > 0) return undefined;
  const collection = endpoint === 'users' ? tenant.users : endpoint === 'groups' ? tenant.groups : undefined;
  return (await collection?.get(id)) as Value | undefined;
}

type FilteredPath = PatchPath & { filter: string };
const isFiltered = (path: PatchPath | undefined): path is FilteredPath => path?.filter !== undefined;

type ValuesOf = (name: string) => Value[] | undefined;

function resolve(endpoint: Endpoint, resource: Value, operations: unknown[]): unknown[] {
  /** Lower-cased attribute name -> its values as the operations so far have left them. */
  const resolved = new Map<string, Value[]>();
  const valuesOf: ValuesOf = (name) => (isMultiValued(endpoint, name) ? (resolved.get(name) ?? valuesIn(resource, name)) : undefined);
  const carried: unknown[] = [];
  /** Lower-cased attribute name -> where in `carried` its last replace is, while no later operation touched the attribute. */
  const lastReplace = new Map<string, number>();

  operations.forEach((operation, index) => {
    const { op, path, value } = (operation ?? {}) as PatchOperation;
    const verb = typeof op === 'string' ? op.toLowerCase() : '';
    const parsed = typeof path === 'string' ? parsePatchPath(withoutCorePrefix(path)) : undefined;
    const name = parsed?.attribute.toLowerCase() ?? '';
    const values = valuesOf(name);
    if (!isFiltered(parsed) || values === undefined) {
      for (const touched of follow(verb, parsed, path, value, resolved, valuesOf)) lastReplace.delete(touched);
      carried.push(operation);
      return;
    }
    const after = applyFiltered(endpoint, verb, parsed, values, value);
    if (!after) throw new Refused(`No value of ${parsed.attribute} matches the filter in '${String(path)}' (operation ${index + 1}, ${verb})`, 'noTarget');
    resolved.set(name, after);
    const superseded = lastReplace.get(name);
    if (superseded !== undefined) carried[superseded] = undefined;
    lastReplace.set(name, carried.length);
    carried.push(after.length > 0 ? { op: 'replace', path: parsed.attribute, value: after } : { op: 'remove', path: parsed.attribute });
  });
  return carried.filter((operation) => operation !== undefined);
}

/** A multi-valued attribute's values on the stored resource, [] when it has none. */
function valuesIn(resource: Value, name: string): Value[] {
  const key = keyIn(resource, name);
  const values = key === undefined ? undefined : resource[key];
  return Array.isArray(values) ? (values as Value[]) : [];
}

/**
 * What an operation scimmy carries out itself does to the multi-valued attributes, so later filtered
 * ones see it; answers the names of those it touched.
 */
function follow(verb: string, parsed: PatchPath | undefined, path: unknown, value: unknown, resolved: Map<string, Value[]>, valuesOf: ValuesOf): string[] {
  const changes: [string, unknown][] = path === undefined && isPlainObject(value) ? Object.entries(value) : parsed ? [[parsed.attribute, value]] : [];
  const touched: string[] = [];
  for (const [attribute, given] of changes) {
    const [name = '', sub] = withoutCorePrefix(attribute).toLowerCase().split('.');
    const before = valuesOf(name);
    if (!before) continue;
    resolved.set(name, unfiltered(verb, before, sub, given));
    touched.push(name);
  }
  return touched;
}

function unfiltered(verb: string, before: Value[], sub: string | undefined, value: unknown): Value[] {
  if (sub !== undefined) return before.map((each) => (verb === 'remove' ? withoutSub(each, sub) : withSub(each, sub, value)));
  if (verb === 'remove') return [];
  if (verb === 'replace') return asValues(value);
  return verb === 'add' ? [...before, ...asValues(value)] : before;
}

function asValues(value: unknown): Value[] {
  return (Array.isArray(value) ? value : [value]).filter(isPlainObject);
}

/** The attribute's values after a filtered operation, or undefined when it has no target. */
function applyFiltered(endpoint: Endpoint, verb: string, path: FilteredPath, values: Value[], value: unknown): Value[] | undefined {
  const selected = new Set(matchValueFilter(endpoint, path.attribute, path.filter, values));
  const { sub } = path;
  if (verb === 'remove') {
    return sub === undefined ? values.filter((each) => !selected.has(each)) : values.map((each) => (selected.has(each) ? withoutSub(each, sub) : each));
  }
  const changed = changedBy(verb, path, value);
  if (selected.size > 0) return values.map((each) => (selected.has(each) ? changed(each) : each));
  const pinned = verb === 'add' ? equalitiesOf(path.filter) : undefined;
  return pinned && [...values, changed(pinned)];
}

/** What a filtered add or replace makes of each value it selects (or of the value its filter describes). */
function changedBy(verb: string, { attribute, filter, sub }: FilteredPath, value: unknown): (each: Value) => Value {
  if (sub !== undefined) return (each) => withSub(each, sub, value);
  if (!isPlainObject(value)) throw new Refused(`The value of an operation on '${attribute}[${filter}]' must be an object (RFC 7644 §3.5.2)`, 'invalidValue');
  return verb === 'add' ? (each) => ({ ...each, ...value }) : () => value;
}

/** The value with a sub-attribute set, under the name it already has in any letter case. */
function withSub(each: Value, sub: string, given: unknown): Value {
  return { ...each, [keyIn(each, sub) ?? sub]: given };
}

/** The key an object has for an attribute name, in whatever letter case it has it (RFC 7643 §2.1). */
function keyIn(object: Value, name: string): string | undefined {
  return Object.keys(object).find((key) => key.toLowerCase() === name.toLowerCase());
}

function withoutSub(each: Value, sub: string): Value {
  return Object.fromEntries(Object.entries(each).filter(([key]) => key.toLowerCase() !== sub.toLowerCase()));
}
