import type { RequestHandler } from 'express';
import { endpointOf, type Endpoint, subAttributesOf } from './attribute-names';
import { parsePatchPath } from './filter-check';

interface Operation {
  op?: unknown;
  path?: unknown;
  value?: unknown;
}

/**
 * scimmy 1.3.5 (`PatchOp#replace`) carries out a `replace` as a `remove` then an `add` of the same
 * path. With a value filter in the path (RFC 7644 §3.5.2.3) the remove changes the very values the
 * filter selects, so the add finds none of them: `emails[value eq "a@x.org"].value` answers
 * noTarget although the address exists, and `emails[type eq "work"]` moves the new value to the
 * end. scimmy's `add` on a filtered path updates the matching values in place, so a filtered
 * replace is handed to it as that add; for a whole value, the sub-attributes the new value leaves
 * out are cleared (set undefined, which scimmy's `add` assigns like any other sub-attribute).
 * Runs after `guardQueries`, so every path here has been checked against the schemas.
 */
export const replaceFilteredPathsInPlace: RequestHandler = (req, _res, next) => {
  const operations = req.method === 'PATCH' ? (req.body as { Operations?: unknown } | undefined)?.Operations : undefined;
  if (Array.isArray(operations)) {
    const endpoint = endpointOf(req.path);
    (req.body as { Operations: unknown[] }).Operations = operations.map((operation: unknown) => inPlace(endpoint, operation));
  }
  next();
};

function inPlace(endpoint: Endpoint, operation: unknown): unknown {
  const { op, path, value } = (operation ?? {}) as Operation;
  if (typeof op !== 'string' || op.toLowerCase() !== 'replace' || typeof path !== 'string') return operation;
  const parsed = parsePatchPath(path);
  if (parsed?.filter === undefined) return operation;
  if (parsed.sub !== undefined || !isPlainObject(value)) return { ...(operation as object), op: 'add' };
  const given = new Set(Object.keys(value).map((name) => name.toLowerCase()));
  const cleared = [...(subAttributesOf(endpoint, parsed.attribute)?.keys() ?? [])].filter((name) => !given.has(name));
  return { ...(operation as object), op: 'add', value: { ...Object.fromEntries(cleared.map((name) => [name, undefined])), ...value } };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
