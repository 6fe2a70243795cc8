import express, { type ErrorRequestHandler, type Router } from 'express';
import { isPlan, type KeyRing } from './keys';
import { KEYS_PATH } from './paths';

/** `POST /api/keys` with `{"plan":"free"}` or `{"plan":"pro"}` answers 201 `{key, plan, limit}`. */
export function keysRouter(keys: KeyRing): Router {
  const router = express.Router();

  router.post(KEYS_PATH, express.json(), (req, res) => {
    const body: unknown = req.body;
    const plan = typeof body === 'object' && body !== null && 'plan' in body ? body.plan : undefined;
    if (!isPlan(plan)) {
      res.status(400).json({ error: 'Send JSON {"plan":"free"} or {"plan":"pro"}' });
      return;
    }
    const { key, apiKey } = keys.issue(plan);
    res.status(201).set('Cache-Control', 'no-store').json({ key, plan, limit: apiKey.limit });
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

  return router;
}
