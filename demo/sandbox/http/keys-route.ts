import express, { type ErrorRequestHandler, type Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { bearerToken } from './auth';
import type { RateLimitCounters } from './rate-limit-counters';
import { describeLimit } from '../shared/describe-limit';
import type { KeyRing } from '../keys/key-ring';
import { isPlan } from '../shared/plan';
import { CURRENT_KEY_PATH, KEYS_PATH } from '../shared/paths';
import { sendScimError } from '../scim/scim-error';
import { lastResort } from './last-resort';
import { answerUnavailable } from './unavailable';

export interface KeyRequestLimit {
  limit: number;
  windowMs: number;
}

/**
 * `POST /api/keys` with `{"plan":"free"}` or `{"plan":"pro"}` answers 201 `{key, plan, limit}`.
 * Limited per client address (429); at the cap on live keys, see KeyRing for who makes room.
 * `GET /api/keys/current` answers `{plan, limit}` for the key in its Authorization header, or 401.
 */
export function keysRouter(keys: KeyRing, requests: KeyRequestLimit, counters: RateLimitCounters): Router {
  const router = express.Router();
  const perAddress = rateLimit({
    windowMs: requests.windowMs,
    store: counters.store('address'),
    limit: requests.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      sendScimError(res, 429, `Too many keys requested from this address: the sandbox allows ${describeLimit(requests.limit, requests.windowMs)}`);
    },
  });

  router.post(KEYS_PATH, perAddress, express.json(), async (req, res) => {
    const body: unknown = req.body;
    const plan = typeof body === 'object' && body !== null && 'plan' in body ? body.plan : undefined;
    if (!isPlan(plan)) {
      res.status(400).json({ error: 'Send JSON {"plan":"free"} or {"plan":"pro"}' });
      return;
    }
    // req.ip is set for every request that came over a socket; the fallback is for a closed one.
    const { key, apiKey } = await keys.issue(plan, req.ip ?? 'unknown');
    res.status(201).set('Cache-Control', 'no-store').json({ key, plan, limit: apiKey.limit });
  });

  // The demo asks on each page view; a page view is not a key request, so it gets ten times as many.
  const checksPerAddress = rateLimit({
    windowMs: requests.windowMs,
    limit: requests.limit * 10,
    store: counters.store('key-checks'),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
  });
  router.get(CURRENT_KEY_PATH, checksPerAddress, async (req, res) => {
    const token = bearerToken(req);
    const known = token === undefined ? undefined : await keys.find(token);
    res.set('Cache-Control', 'no-store');
    if (known) res.json({ plan: known.plan, limit: known.limit });
    else sendScimError(res, 401, 'The sandbox does not know this key: it expired unused, was evicted to make room for new keys, or the sandbox database was reset');
  });

  const bodyErrors: ErrorRequestHandler = (error: { expose?: boolean; status?: number; type?: string }, _req, res, next) => {
    if (!error.expose || error.status === undefined) {
      next(error);
      return;
    }
    const detail = error.type === 'entity.parse.failed' ? 'Request body is not valid JSON' : 'Request body was refused';
    res.status(error.status).json({ error: detail });
  };
  router.use(bodyErrors);
  // Redis (the per-address limits) or the database not answering: a JSON 503, as every other error here is JSON.
  router.use(KEYS_PATH, answerUnavailable, lastResort);

  return router;
}
