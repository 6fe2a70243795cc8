import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { RateLimitCounters } from './rate-limit-counters';
import { authenticatedKey } from './auth';
import { describeLimit } from '../shared/describe-limit';
import { sendScimError } from '../scim/scim-error';

/** Counts requests per API key; the limit is the key's plan limit. Must run after `requireApiKey`. */
export function limitPerKey(windowMs: number, counters: RateLimitCounters): RequestHandler {
  return rateLimit({
    windowMs,
    store: counters.store('key'),
    limit: (req) => authenticatedKey(req).limit,
    keyGenerator: (req) => authenticatedKey(req).id,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) => {
      const { plan, limit } = authenticatedKey(req);
      sendScimError(res, 429, `Too many requests: the ${plan} plan allows ${describeLimit(limit, windowMs)}`);
    },
  });
}
