// SCIM's names, apart from src/public/constants.ts since only the lazily loaded batch layer sends them.
// Imports nothing, so any layer and Node-side code (the sandbox, the tests) may use it.

// SCIM 2.0 schema URNs (RFC 7643 §8.7, RFC 7644 §3.4.2 and §3.5.2).
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
/** The extra schema Entra ID lists in its group creates (its "Create Group" request). */
export const ENTRA_GROUP_SCHEMA = 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group';

/** The media type of SCIM requests and responses (RFC 7644 §3.1). */
export const SCIM_CONTENT_TYPE = 'application/scim+json';
