import type { RequestHandler } from 'express';

/**
 * RFC 7644 §3.1: a 201 to a create carries the resource's URI in `Location`. scimmy-routers 1.x
 * answers creates with `res.status(201).send(resource)` and no header, so add it from `meta.location`.
 */
export const locateCreated: RequestHandler = (req, res, next) => {
  if (req.method === 'POST') {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const location = (body as { meta?: { location?: unknown } } | null)?.meta?.location;
      if (res.statusCode === 201 && typeof location === 'string') res.location(location);
      return json(body);
    };
  }
  next();
};
