import type { RequestHandler } from 'express';
import type { IncomingHttpHeaders } from 'node:http';

export interface LoggedRequest {
  method: string;
  /** Path and query as the client sent them. */
  url: string;
  headers: IncomingHttpHeaders;
}

/**
 * Logs every request a server receives, as the server saw it (headers included), so a test
 * can check what really went over the wire. Mount the middleware before what it observes.
 */
export function requestLog(): { requests: LoggedRequest[]; middleware: RequestHandler } {
  const requests: LoggedRequest[] = [];
  return {
    requests,
    middleware: (req, _res, next) => {
      requests.push({ method: req.method, url: req.originalUrl, headers: { ...req.headers } });
      next();
    },
  };
}
