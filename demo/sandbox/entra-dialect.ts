import type { RequestHandler } from 'express';

/**
 * Entra ID sends `active` as the string "True" or "False" in PATCH requests unless a tenant opts in
 * to the compliant form ("Requests made to disable users", Microsoft's "Known issues and resolutions
 * with SCIM 2.0 protocol compliance": https://learn.microsoft.com/entra/identity/app-provisioning/
 * application-provisioning-config-problem-scim-compatibility). Providers that serve Entra must read
 * them as booleans; scimmy refuses a string for a boolean attribute, so convert before it sees them.
 * scimmy already matches `op` case-insensitively (Entra's "Replace", "Add", "Remove").
 */
export const acceptStringActive: RequestHandler = (req, _res, next) => {
  const operations: unknown = req.method === 'PATCH' && isObject(req.body) ? req.body.Operations : undefined;
  if (Array.isArray(operations)) {
    for (const operation of operations) {
      if (!isObject(operation)) continue;
      if (typeof operation.path === 'string' && operation.path.toLowerCase() === 'active') {
        operation.value = stringBoolean(operation.value);
      } else if (operation.path === undefined && isObject(operation.value) && 'active' in operation.value) {
        operation.value.active = stringBoolean(operation.value.active);
      }
    }
  }
  next();
};

function stringBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
