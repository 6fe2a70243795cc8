import type { RequestHandler } from 'express';
import { type Endpoint, endpointOf } from '../scim/attribute-names';
import { rfcFormOfEntraFilter } from '../dialects/entra-filter';
import { hideEscapedQuotes } from './escaped-quotes';
import { FORBIDDEN_NAME, attributePathProblem, filterProblem, patchPathProblem } from '../scim/filter-check';
import { patchOperations, type PatchOperation } from '../scim/patch-operations';
import { sendScimError } from '../scim/scim-error';

/**
 * scimmy 1.3.5 trusts attribute paths from clients: it walks `__proto__.id` onto
 * Object.prototype (polluting every later request) and answers a 500 with JavaScript text
 * to `1 eq 1`. So every name a client sends is checked against the schemas first.
 */
export const guardQueries: RequestHandler = (req, res, next) => {
  const endpoint = endpointOf(req.path);
  const search = req.method === 'POST' && req.path.endsWith('/.search');
  const parameters = search ? (req.body as Record<string, unknown>) : req.query;
  if (typeof parameters?.filter === 'string') parameters.filter = rfcFormOfEntraFilter(parameters.filter);
  const problem = queryProblem(endpoint, parameters) ?? patchProblem(endpoint, patchOperations(req));
  if (problem) return sendScimError(res, 400, problem.detail, problem.scimType);
  if (typeof parameters?.filter === 'string') parameters.filter = hideEscapedQuotes(parameters.filter);
  next();
};

interface Problem {
  detail: string;
  scimType: 'invalidFilter' | 'invalidPath';
}

function queryProblem(endpoint: Endpoint, parameters: Record<string, unknown> | undefined): Problem | undefined {
  if (!parameters || typeof parameters !== 'object') return undefined;
  const { filter, attributes, excludedAttributes, sortBy } = parameters;
  const detail =
    textsOf(filter, (text) => filterProblem(endpoint, text)) ??
    textsOf([attributes, excludedAttributes, sortBy], (text) =>
      text.split(',').map((path) => attributePathProblem(endpoint, path)).find(Boolean),
    );
  return detail ? { detail, scimType: 'invalidFilter' } : undefined;
}

/** Checks every string in a parameter (which may arrive repeated, as an array). */
function textsOf(value: unknown, problemOf: (text: string) => string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return problemOf(value);
  if (Array.isArray(value)) return value.map((item) => textsOf(item, problemOf)).find(Boolean);
  return 'A query parameter must be text';
}

function patchProblem(endpoint: Endpoint, operations: unknown[] | undefined): Problem | undefined {
  for (const operation of operations ?? []) {
    const { path, value } = (operation ?? {}) as PatchOperation;
    const detail =
      path === undefined ? undefined : typeof path === 'string' ? patchPathProblem(endpoint, path) : 'A PATCH path must be text';
    if (detail) return { detail, scimType: 'invalidPath' };
    if (hasForbiddenKey(value)) return { detail: 'A PATCH value names a reserved word', scimType: 'invalidPath' };
  }
  return undefined;
}

function hasForbiddenKey(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  return Object.keys(value).some((key) => FORBIDDEN_NAME.test(key) || hasForbiddenKey((value as Record<string, unknown>)[key]));
}
