import { LIST_RESPONSE_SCHEMA } from '../protocol';
import type { ScimCall } from './call';
import { isJsonObject, jsonBodyOf } from './json';

/** The JSON object a call answered with, if any. */
export function bodyOf(call: ScimCall): Record<string, unknown> | undefined {
  const body = jsonBodyOf(call);
  return isJsonObject(body) ? body : undefined;
}

/**
 * A ListResponse (RFC 7644 §3.4.2) as the lookups and the checks read it: the ListResponse schema
 * and a numeric `totalResults`, else which of the two is missing.
 */
export function listResponseOf(call: ScimCall): { total: number; resources: Record<string, unknown>[] } | { missing: 'schema' | 'totalResults' } {
  const body = bodyOf(call);
  const schemas = body?.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(LIST_RESPONSE_SCHEMA)) return { missing: 'schema' };
  if (typeof body?.totalResults !== 'number') return { missing: 'totalResults' };
  const resources = Array.isArray(body.Resources) ? (body.Resources as Record<string, unknown>[]) : [];
  return { total: body.totalResults, resources };
}
