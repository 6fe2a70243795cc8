import type { NextFunction, Request, Response } from 'express';

/**
 * Express 5 parses `req.query` afresh on every read, so scimmy-routers' conversion of
 * `startIndex` and `count` to numbers is lost and scimmy ignores them. Freezing the
 * parsed object onto the request lets that conversion stick.
 */
export function keepQueryWritable(req: Request, _res: Response, next: NextFunction): void {
  Object.defineProperty(req, 'query', { value: req.query, writable: true, enumerable: true, configurable: true });
  next();
}
