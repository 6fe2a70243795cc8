import type express from 'express';

/**
 * In front of the sandbox: a SCIM server with no CORS at all, as most are (their clients are IdPs calling
 * from servers). Preflights are answered 401 text/plain, as jelhub/scimgateway answers them, and no
 * `Access-Control-*` header leaves; each request that reaches it is pushed on `reached`.
 */
export function noCors(reached: string[]): express.RequestHandler {
  return (req, res, next) => {
    reached.push(`${req.method} ${req.originalUrl}`);
    if (req.method === 'OPTIONS') return void res.status(401).type('text/plain').send('Unauthorized');
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) => (name.toLowerCase().startsWith('access-control-') ? res : setHeader(name, value));
    next();
  };
}
