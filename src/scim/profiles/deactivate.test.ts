import { describe, expect, it } from 'vitest';
import { PROFILE_MODULES } from './index';

/**
 * The request bodies exactly as each IdP's documentation prints them (see the comment beside
 * each dialect for the page). Compared as JSON text after parsing, so key order, case and value
 * types all count: `"False"` is not `false`, `Replace` is not `replace`.
 */
const DOCUMENTED = {
  // Okta, SCIM 2.0 reference, "Update a specific User (PATCH)".
  okta: `{
    "schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
    "Operations": [{
        "op": "replace",
        "value": {
            "active": false
        }
    }]
}`,
  // Microsoft, SCIM 2.0 compliance known issues, "Requests made to disable users", without feature flag.
  entra: `{
    "schemas": [
        "urn:ietf:params:scim:api:messages:2.0:PatchOp"
    ],
    "Operations": [
        {
            "op": "Replace",
            "path": "active",
            "value": "False"
        }
    ]
  }`,
  // The same page, with the SCIM-compliant feature flag: RFC 7644 §3.5.2.3's replace of `active`.
  rfc7644: `{
    "schemas": [
        "urn:ietf:params:scim:api:messages:2.0:PatchOp"
    ],
    "Operations": [
        {
            "op": "replace",
            "path": "active",
            "value": false
        }
    ]
  }`,
};

const asSent = (body: unknown) => JSON.stringify(body);
const asDocumented = (text: string) => JSON.stringify(JSON.parse(text));

describe('deactivate PATCH bodies', () => {
  it('okta sends the documented path-less replace of {active: false}', () => {
    expect(asSent(PROFILE_MODULES.okta.dialect.deactivate(false))).toBe(asDocumented(DOCUMENTED.okta));
  });

  it('entra sends the documented Replace of path active with the string "False"', () => {
    expect(asSent(PROFILE_MODULES.entra.dialect.deactivate(false))).toBe(asDocumented(DOCUMENTED.entra));
  });

  it.each(['basic', 'full'] as const)('%s sends the RFC 7644 replace of active with false', (profile) => {
    expect(asSent(PROFILE_MODULES[profile].dialect.deactivate(false))).toBe(asDocumented(DOCUMENTED.rfc7644));
  });
});
