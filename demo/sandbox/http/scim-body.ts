import express, { type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { SCIM_CONTENT_TYPE } from '../../../src/scim/protocol';
import { boundBodies, type BodyBounds } from './body-bounds';
import { acceptEntraPatchValues } from '../dialects/entra-patch-values';
import { refuseScim1Templates } from '../dialects/onelogin-scim1';
import { patchOperations } from '../scim/patch-operations';
import { isPlainObject } from '../scim/plain-object';
import { sendScimError } from '../scim/scim-error';
import { MAX_RESOURCE_BYTES } from '../store/store';

/**
 * Parses SCIM and plain JSON bodies before scimmy-routers does. Its own answer to malformed
 * JSON is labelled application/json, and to an unsupported charset is an HTML stack trace.
 * Then refuses what would cost too much (body-bounds.ts) or what scimmy 1.3.5 answers with a 500.
 */
export function parseScimBody(bounds: BodyBounds): RequestHandler[] {
  return [
    express.json({ type: [SCIM_CONTENT_TYPE, 'application/json'], limit: MAX_RESOURCE_BYTES }),
    boundBodies(bounds),
    requireSchemasArray,
    requireOperationObjects,
    acceptEntraPatchValues,
    refuseScim1Templates,
  ];
}

/** RFC 7643 §3: `schemas` is an array of URN strings; scimmy 1.3.5 also takes a lone string. */
function requireSchemasArray(req: Request, res: Response, next: NextFunction): void {
  const schemas: unknown = typeof req.body === 'object' && req.body !== null ? (req.body as { schemas?: unknown }).schemas : undefined;
  if (schemas !== undefined && !(Array.isArray(schemas) && schemas.every((urn) => typeof urn === 'string'))) {
    sendScimError(res, 400, '"schemas" must be an array of URN strings', 'invalidSyntax');
    return;
  }
  next();
}

/**
 * RFC 7644 §3.5.2: each operation is an object, and one without a path adds or replaces the
 * attributes of its value, an object. scimmy 1.3.5 reads `op` of each operation before it checks
 * that, and takes `null` for an object: a 500 for `[null]` and for `[{"op":"add","value":null}]`.
 */
function requireOperationObjects(req: Request, res: Response, next: NextFunction): void {
  const operations = patchOperations(req) ?? [];
  if (!operations.every(isPlainObject)) {
    sendScimError(res, 400, 'Each of "Operations" must be an object with "op" (and "path" and "value" as the op needs)', 'invalidSyntax');
    return;
  }
  const pathless = operations.find(({ op, path }) => path === undefined && typeof op === 'string' && op.toLowerCase() !== 'remove');
  if (pathless && !isPlainObject(pathless.value)) {
    sendScimError(res, 400, 'An operation without "path" must have an object of attributes as its "value"', 'invalidValue');
    return;
  }
  next();
}

export const scimBodyErrors: ErrorRequestHandler = (error: { expose?: boolean; status?: number; type?: string }, _req, res, next) => {
  if (!error.expose || error.status === undefined) {
    next(error);
    return;
  }
  if (error.type === 'entity.parse.failed') sendScimError(res, 400, 'Request body is not valid JSON', 'invalidSyntax');
  // body-parser passes a failed gzip, deflate or br decompression on as a 400 without a type.
  else if (error.type === undefined) sendScimError(res, 400, 'Request body could not be decoded as its Content-Encoding says', 'invalidSyntax');
  else sendScimError(res, error.status, `Request body refused (${error.type})`);
};
