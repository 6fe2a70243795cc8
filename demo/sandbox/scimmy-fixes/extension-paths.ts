import type { RequestHandler } from 'express';
import { withoutCorePrefix } from '../scim/attribute-names';
import { patchOperations } from '../scim/patch-operations';
import { isPlainObject } from '../scim/plain-object';

/** `urn:…:enterprise:2.0:User:manager.value`: a schema URN, an attribute and one of its sub-attributes. */
const URN_SUB_ATTRIBUTE = /^(urn:.+):([^:.[\]]+)\.([^:.[\]]+)$/i;

/**
 * scimmy 1.3.5 mishandles a sub-attribute of an extension's complex attribute named with its URN
 * (RFC 7644 §3.5.2, `urn:…:enterprise:2.0:User:manager.value`):
 * - as an `add` or `replace` path it answers noTarget, whether or not the user has a manager;
 * - as a key of a path-less `replace` value it answers 500 when the user has no enterprise
 *   attributes yet ("Cannot read properties of undefined (reading 'split')"), and as one of an
 *   `add` value, noTarget.
 * scimmy does take a path-less `replace` of `{"urn:…:User:manager": {"value": …}}`, setting the
 * given sub-attributes and keeping the others, with or without enterprise attributes. So each such
 * sub-attribute is set that way, in a `replace` of its own right after the operation that named it
 * (for one sub-attribute, an add and a replace are the same change). Core-schema paths are left
 * as they are: scimmy reads `urn:…:core:2.0:User:name.givenName`.
 */
export const nestExtensionSubAttributes: RequestHandler = (req, _res, next) => {
  const operations = patchOperations(req);
  if (operations) (req.body as { Operations: unknown[] }).Operations = operations.flatMap(nested);
  next();
};

/** The attribute (`urn:…:User:manager`) and sub-attribute (`value`) of an extension sub-attribute path. */
function extensionSubAttribute(path: string): [attribute: string, sub: string] | undefined {
  const match = withoutCorePrefix(path) === path ? URN_SUB_ATTRIBUTE.exec(path) : null;
  return match ? [`${match[1]}:${match[2]}`, match[3] ?? ''] : undefined;
}

function nested(operation: unknown): unknown[] {
  if (!isPlainObject(operation)) return [operation];
  const { op, path, value } = operation;
  const verb = typeof op === 'string' ? op.toLowerCase() : '';
  if (verb !== 'add' && verb !== 'replace') return [operation];
  const named: [string, unknown][] =
    typeof path === 'string' ? [[path, value]] : path === undefined && isPlainObject(value) ? Object.entries(value) : [];
  const settings: Record<string, Record<string, unknown>> = {};
  const rest: [string, unknown][] = [];
  for (const [name, given] of named) {
    const split = extensionSubAttribute(name);
    if (split) settings[split[0]] = { ...settings[split[0]], [split[1]]: given };
    else rest.push([name, given]);
  }
  if (Object.keys(settings).length === 0) return [operation];
  const replace = { op: 'replace', value: settings };
  if (typeof path === 'string' || rest.length === 0) return [replace];
  return [{ ...operation, value: Object.fromEntries(rest) }, replace];
}
