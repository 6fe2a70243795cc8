import type { RequestHandler } from 'express';

/**
 * Answers a Private Network Access preflight: Chromium asks with `Access-Control-Request-Private-Network:
 * true` before a page from a public address may call a private one (WICG Private Network Access §3.2),
 * so that a public https docs page can try a sandbox on localhost. Runs before `cors`, which ends the
 * preflight.
 */
export const allowPrivateNetwork: RequestHandler = (req, res, next) => {
  if (req.method === 'OPTIONS' && req.get('Access-Control-Request-Private-Network') === 'true') {
    res.setHeader('Access-Control-Allow-Private-Network', 'true');
  }
  next();
};
