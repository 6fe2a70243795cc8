import type { Response } from 'express';
import SCIMMY from 'scimmy';
import { SCIM_CONTENT_TYPE } from '../../../src/scim/protocol';

export const SCIM_ERROR_SCHEMA = SCIMMY.Messages.Error.id;

/**
 * An error that scimmy turns into a SCIM error response when a resource handler throws it.
 * scimmy's typings require a scimType string; an empty one is left out of the response.
 */
export function scimError(status: number, detail: string, scimType = ''): Error {
  return new SCIMMY.Types.Error(status, scimType, detail);
}

/**
 * The seconds a 503 asks the client to wait before trying again (RFC 9110 §10.2.3 Retry-After):
 * PostgreSQL restarting or failing over, Redis reconnecting (2 s apart at most), a busy resource.
 */
export const RETRY_AFTER_SECONDS = 2;

/**
 * Answers with an RFC 7644 §3.12 error body; a 503 with Retry-After too. Built by hand rather than
 * with SCIMMY.Messages.Error because that refuses statuses outside RFC 7644's list, such as 429 and 503.
 */
export function sendScimError(res: Response, status: number, detail: string, scimType?: string): void {
  if (status === 503) res.set('Retry-After', String(RETRY_AFTER_SECONDS));
  res.status(status).type(SCIM_CONTENT_TYPE).json(scimErrorBody(status, detail, scimType));
}

/** An RFC 7644 §3.12 error body. */
export function scimErrorBody(status: number, detail: string, scimType?: string): object {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}
