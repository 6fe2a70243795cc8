import express, { type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { SCIM_CONTENT_TYPE } from '../../src/scim/protocol';
import { acceptEntraPatchValues } from './entra-dialect';
import { sendScimError } from './scim-error';

/**
 * Parses SCIM and plain JSON bodies before scimmy-routers does. Its own answer to malformed
 * JSON is labelled application/json, and to an unsupported charset is an HTML stack trace.
 */
export const parseScimBody: RequestHandler[] = [
  express.json({ type: [SCIM_CONTENT_TYPE, 'application/json'] }),
  requireSchemasArray,
  acceptEntraPatchValues,
];

/** RFC 7643 §3: `schemas` is an array of URN strings; scimmy 1.3.5 also takes a lone string. */
function requireSchemasArray(req: Request, res: Response, next: NextFunction): void {
  const schemas: unknown = typeof req.body === 'object' && req.body !== null ? (req.body as { schemas?: unknown }).schemas : undefined;
  if (schemas !== undefined && !(Array.isArray(schemas) && schemas.every((urn) => typeof urn === 'string'))) {
    sendScimError(res, 400, '"schemas" must be an array of URN strings', 'invalidSyntax');
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
