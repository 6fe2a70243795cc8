import type { RequestHandler } from 'express';
import { sendScimError } from '../scim/scim-error';

// OneLogin's own SCIM templates (developers.onelogin.com/scim/define-user-schema, "OneLogin Core
// User Schema" and "OneLogin Enterprise User Schema") carry SCIM 1.x URNs, and the Enterprise one
// sends `emails` as one object. Both are OneLogin's deviation, not a SCIM 2.0 server's job: the
// sandbox refuses them with an error that names the RFC and the fix, where scimmy's own says only
// that the schema "is incompatible" or that `emails` "expected to be a collection".

const SCIM1_URN = /^urn:scim:schemas:/i;

/** Refuses a resource whose `schemas` name a SCIM 1.x URN, or whose `emails` is not a list. */
export const refuseScim1Templates: RequestHandler = (req, res, next) => {
  if (req.method !== 'POST' && req.method !== 'PUT') return next();
  const body = req.body as { schemas?: unknown; emails?: unknown } | undefined;
  const scim1 = Array.isArray(body?.schemas) ? body.schemas.find((urn): urn is string => typeof urn === 'string' && SCIM1_URN.test(urn)) : undefined;
  if (scim1) {
    sendScimError(
      res,
      400,
      `"${scim1}" is a SCIM 1.x schema URN; SCIM 2.0 names its schemas urn:ietf:params:scim:schemas:core:2.0:User, :Group and urn:ietf:params:scim:schemas:extension:enterprise:2.0:User (RFC 7643 §8.7.1). OneLogin's default SCIM JSON template sends this: use a SCIM v2 connector and its 2.0 URNs`,
      'invalidValue',
    );
    return;
  }
  if (body?.emails !== undefined && !Array.isArray(body.emails)) {
    sendScimError(res, 400, '"emails" is multi-valued: a list of e-mail objects, [{"value": …}] (RFC 7643 §4.1.2, §2.4). OneLogin\'s Enterprise template sends one object: put it in [ ]', 'invalidValue');
    return;
  }
  next();
};
