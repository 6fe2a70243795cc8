import type { RequestHandler } from 'express';

/**
 * One line per finished request: `GET /scim/v2/Users 200 12.3 ms`.
 * Only the method, the path without its query string, the status and the duration: never a header
 * (so never the Authorization key) and never a body (so never a key a response hands out).
 */
export function accessLog(write: (line: string) => void = console.log): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const path = req.originalUrl.split('?')[0];
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      write(`${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)} ms`);
    });
    next();
  };
}
