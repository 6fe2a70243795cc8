import type { Request } from 'express';

/** One operation of a PATCH body as a client sent it: nothing in it is checked yet. */
export interface PatchOperation {
  op?: unknown;
  path?: unknown;
  value?: unknown;
}

/** The `Operations` list of a PATCH request's body; undefined for other requests or when it is not a list. */
export function patchOperations(req: Request): unknown[] | undefined {
  const operations = req.method === 'PATCH' ? (req.body as { Operations?: unknown } | null | undefined)?.Operations : undefined;
  return Array.isArray(operations) ? operations : undefined;
}
