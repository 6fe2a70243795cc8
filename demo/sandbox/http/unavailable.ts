import type { ErrorRequestHandler, Request } from 'express';
import { RETRY_AFTER_SECONDS, sendScimError } from '../scim/scim-error';
import { LockTimeout, Unavailable } from '../store/errors';

/** The sentence a 503 says for the store's or the counters' error, or undefined for any other error. */
export function unavailableDetail(error: unknown): string | undefined {
  if (error instanceof Unavailable) return `The sandbox cannot reach its ${error.service} just now; try again in ${RETRY_AFTER_SECONDS} s`;
  if (error instanceof LockTimeout) return `Other writes of this resource held it for too long; try again in ${RETRY_AFTER_SECONDS} s`;
  return undefined;
}

// scimmy-routers answers a handler's error itself, with SCIMMY.Messages.Error, which refuses
// statuses outside RFC 7644 §3.12's table (503 among them) and throws: so a handler's Unavailable
// is noted per request on its way to scimmy, and answered here whatever error arrives.
const noted = new WeakMap<Request, unknown>();

/** Notes that a store call of this request failed with `error`, for `answerUnavailable`. */
export function noteStoreError(req: Request, error: unknown): void {
  if (unavailableDetail(error) !== undefined) noted.set(req, error);
}

/** Answers 503 with Retry-After to a request whose database, Redis or lock did not answer in time; passes any other error on. */
export const answerUnavailable: ErrorRequestHandler = (error: unknown, req, res, next) => {
  const detail = unavailableDetail(error) ?? unavailableDetail(noted.get(req));
  if (detail === undefined || res.headersSent) {
    next(error);
    return;
  }
  sendScimError(res, 503, detail);
};
