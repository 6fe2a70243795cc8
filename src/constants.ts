/**
 * The names the element, the demo, the sandbox and the tests share, each declared once here.
 * This module imports nothing, so any layer (src/scim included) and Node-side code may use it.
 */

export const TAG_NAME = 'scim-generator';

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

/** Stands for the key wherever a request is shown, copied or saved; a shell expands it in cURL. */
export const API_KEY_PLACEHOLDER = '$SCIM_TOKEN';

/** Where the provider's key page leaves the API key: `localStorage[API_KEY_STORAGE_NAME]`. */
export const API_KEY_STORAGE_NAME = 'apikey';

export const DEFAULT_SCIM_BASE_PATH = '/scim/v2';
export const DEFAULT_API_KEY_PATH = '/apikey/';
/** The fragment of the key page that positions it at the creation of a new key. */
export const KEY_CREATION_ANCHOR = 'create-new-access-key';

export const RESULT_EVENT = 'scim-generator-result';
export const COMPLETE_EVENT = 'scim-generator-complete';
export const ACTION_RESULT_EVENT = 'scim-generator-action-result';
export const ACTION_COMPLETE_EVENT = 'scim-generator-action-complete';
export const CHECK_COMPLETE_EVENT = 'scim-generator-check-complete';

/** Records generated, and calls sent, per press. */
export const RECORDS_PER_BATCH = 10;

/** Delay between a click on a key-creation link and the click on its plan card. */
export const PLAN_CARD_DELAY_MS = 500;
