import type { RequestHandler } from 'express';
import { ENTERPRISE_USER_SCHEMA } from '../../../src/scim/protocol';
import { patchOperations } from '../scim/patch-operations';
import { isPlainObject } from '../scim/plain-object';

const MANAGER_PATH = `${ENTERPRISE_USER_SCHEMA}:manager`.toLowerCase();

/**
 * Reads two values Entra ID sends in PATCH requests the way Entra means them, before scimmy sees
 * them (scimmy already matches `op` case-insensitively: Entra's "Replace", "Add", "Remove"):
 * - `active` as the string "True" or "False", unless a tenant opts in to the compliant form
 *   ("Requests made to disable users", Microsoft's "Known issues and resolutions with SCIM 2.0
 *   protocol compliance": https://learn.microsoft.com/entra/identity/app-provisioning/
 *   application-provisioning-config-problem-scim-compatibility). scimmy refuses a string for a boolean.
 * - the enterprise `manager` as the manager's id alone, `{"op":"Add","path":"urn:…:User:manager",
 *   "value":"<id>"}`, where RFC 7643 §4.3 makes it complex (`{"value":"<id>"}`); SCIM libraries that
 *   serve Entra read it so too (elimity-com/scim, schema/core.go). scimmy refuses a string for it.
 */
export const acceptEntraPatchValues: RequestHandler = (req, _res, next) => {
  for (const operation of patchOperations(req) ?? []) {
    if (!isPlainObject(operation)) continue;
    const path = typeof operation.path === 'string' ? operation.path.toLowerCase() : undefined;
    if (path === 'active') {
      operation.value = stringBoolean(operation.value);
    } else if (path === MANAGER_PATH && typeof operation.value === 'string') {
      operation.value = { value: operation.value };
    } else if (path === undefined && isPlainObject(operation.value) && 'active' in operation.value) {
      operation.value.active = stringBoolean(operation.value.active);
    }
  }
  next();
};

function stringBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : value;
}
