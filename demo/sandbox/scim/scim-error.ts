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
 * Answers with an RFC 7644 §3.12 error body. Built by hand rather than with
 * SCIMMY.Messages.Error because that refuses statuses outside RFC 7644's list, such as 429.
 */
export function sendScimError(res: Response, status: number, detail: string, scimType?: string): void {
  res
    .status(status)
    .type(SCIM_CONTENT_TYPE)
    .json({ schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail });
}
