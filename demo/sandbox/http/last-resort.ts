import type { ErrorRequestHandler } from 'express';
import { sendScimError } from '../scim/scim-error';

/**
 * The sandbox's answer to an error nothing before it answered: a SCIM 500 of its own, never
 * express's HTML page with a stack trace. scimmy-routers answers 5xx errors itself and then passes
 * them on; without this, express would log them and close the connection. 501 is the expected
 * answer to /Bulk, not a fault. Express needs all four parameters to see an error handler.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export const lastResort: ErrorRequestHandler = (error: { status?: unknown }, _req, res, _next) => {
  if (error.status !== 501) console.error('SCIM sandbox error:', error);
  if (!res.headersSent) sendScimError(res, 500, 'Internal server error');
};
