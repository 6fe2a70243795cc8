import type { RequestHandler } from 'express';
import { jsonShape } from '../scim/json-shape';
import { patchOperations } from '../scim/patch-operations';
import { sendScimError } from '../scim/scim-error';

/** The deepest body taken. A SCIM resource nests 4 levels (an extension's complex attribute's value), a PATCH body 6. */
export const MAX_BODY_DEPTH = 32;

export interface BodyBounds {
  /** SandboxConfig.maxOperations. */
  maxOperations: number;
  /** SandboxConfig.maxValues. */
  maxValues: number;
}

/**
 * Refuses a body that would cost more than its share before scimmy or the sandbox's own checks walk
 * it: one nested deeper than MAX_BODY_DEPTH, one with more than `maxValues` values of multi-valued
 * attributes (scimmy checks each value of a complex attribute at some cost), and a PATCH with
 * more than `maxOperations` operations (400 `tooMany`).
 */
export function boundBodies({ maxOperations, maxValues }: BodyBounds): RequestHandler {
  return (req, res, next) => {
    const { depth, values } = jsonShape(req.body);
    if (depth > MAX_BODY_DEPTH) return sendScimError(res, 400, `The body nests deeper than ${MAX_BODY_DEPTH} levels`, 'invalidSyntax');
    if (values > maxValues) {
      return sendScimError(res, 400, `The body holds ${values} values of multi-valued attributes; the most a request may hold is ${maxValues}`, 'invalidValue');
    }
    const operations = patchOperations(req)?.length ?? 0;
    if (operations > maxOperations) {
      return sendScimError(res, 400, `The PATCH request holds ${operations} operations; the most one may hold is ${maxOperations}`, 'tooMany');
    }
    next();
  };
}
