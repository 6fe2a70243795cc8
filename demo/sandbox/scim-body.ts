import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { SCIM_CONTENT_TYPE } from '../../src/constants';
import { acceptStringActive } from './entra-dialect';
import { sendScimError } from './scim-error';

/**
 * Parses SCIM and plain JSON bodies before scimmy-routers does. Its own answer to malformed
 * JSON is labelled application/json, and to an unsupported charset is an HTML stack trace.
 */
export const parseScimBody: RequestHandler[] = [express.json({ type: [SCIM_CONTENT_TYPE, 'application/json'] }), acceptStringActive];

export const scimBodyErrors: ErrorRequestHandler = (error: { expose?: boolean; status?: number; type?: string }, _req, res, next) => {
  if (!error.expose || error.status === undefined || error.type === undefined) {
    next(error);
    return;
  }
  if (error.type === 'entity.parse.failed') sendScimError(res, 400, 'Request body is not valid JSON', 'invalidSyntax');
  else sendScimError(res, error.status, `Request body refused (${error.type})`);
};
