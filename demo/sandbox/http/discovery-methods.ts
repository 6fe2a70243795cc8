import type { RequestHandler } from 'express';
import { sendScimError } from '../scim/scim-error';

const DISCOVERY = /^\/(ServiceProviderConfig|ResourceTypes|Schemas)(?:\/|$)/;

/**
 * RFC 7644 §4: the discovery endpoints are read with GET. scimmy-routers answers other methods on
 * them with 404 or 400; Okta's SCIM Spec Test expects 405, which RFC 7644 §3.12 lists for a method
 * the endpoint does not support. HEAD is express's GET; OPTIONS is left to CORS.
 */
export const onlyGetOnDiscovery: RequestHandler = (req, res, next) => {
  const endpoint = DISCOVERY.exec(req.path)?.[1];
  if (endpoint === undefined || ['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
  res.set('Allow', 'GET');
  sendScimError(res, 405, `${endpoint} answers GET only`);
};
