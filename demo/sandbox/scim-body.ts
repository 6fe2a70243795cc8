import express, { type ErrorRequestHandler } from 'express';
import { SCIM_CONTENT_TYPE, sendScimError } from './scim-error';

/**
 * Parses SCIM and plain JSON bodies. scimmy-routers parses them too, but its answer to
 * malformed JSON is labelled application/json, and to an unsupported charset an HTML 500.
 */
export const parseScimBody = express.json({ type: [SCIM_CONTENT_TYPE, 'application/json'] });

export const scimBodyErrors: ErrorRequestHandler = (error: { expose?: boolean; status?: number; type?: string }, _req, res, next) => {
  if (!error.expose || error.status === undefined || error.type === undefined) {
    next(error);
    return;
  }
  if (error.type === 'entity.parse.failed') sendScimError(res, 400, 'Request body is not valid JSON', 'invalidSyntax');
  else sendScimError(res, error.status, `Request body refused (${error.type})`);
};
