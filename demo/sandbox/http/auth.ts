import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ApiKey, KeyRing } from '../keys/key-ring';
import { sendScimError } from '../scim/scim-error';

const authenticated = new WeakMap<Request, ApiKey>();

/** The token of the request's `Authorization: Bearer <token>` header, if it has one. */
export function bearerToken(req: Request): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(req.get('Authorization') ?? '')?.[1];
}

/** Answers 401 unless the request carries `Authorization: Bearer <key>` with a key this sandbox issued. */
export function requireApiKey(keys: KeyRing): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const token = bearerToken(req);
    const apiKey = token === undefined ? undefined : await keys.find(token);
    if (apiKey) {
      authenticated.set(req, apiKey);
      next();
      return;
    }
    // RFC 6750 §3: name the scheme, and say invalid_token when a token was sent.
    res.set('WWW-Authenticate', token === undefined ? 'Bearer realm="SCIM sandbox"' : 'Bearer realm="SCIM sandbox", error="invalid_token"');
    sendScimError(
      res,
      401,
      token === undefined
        ? 'Send Authorization: Bearer <key>; create a key with POST /api/keys'
        : 'Unknown API key; create one with POST /api/keys',
    );
  };
}

/** The key `requireApiKey` accepted for this request. */
export function authenticatedKey(req: Request): ApiKey {
  const apiKey = authenticated.get(req);
  if (!apiKey) throw new Error('authenticatedKey() called before requireApiKey()');
  return apiKey;
}
