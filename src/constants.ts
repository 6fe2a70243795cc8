/**
 * The names the element, the demo, the sandbox and the tests share, each declared once: here, or
 * for the lazily loaded layers that alone use them, in src/event-names.ts (the events) and
 * src/scim/protocol.ts (SCIM's URNs and media type), so that the element's chunk does not carry them.
 * This module imports nothing, so any layer (src/scim included) and Node-side code may use it.
 */

export const TAG_NAME = 'scim-generator';

/**
 * Stands for the key in a recorded request: no language's syntax, so that each snippet plugin
 * (src/scim/snippets/) spells the variable its own way and none has to recognise another's.
 */
export const API_KEY_TOKEN = '{{SCIM_TOKEN}}';

/** How Details, the HAR and the events show the key (src/scim/key-token.ts puts it for API_KEY_TOKEN). */
export const API_KEY_PLACEHOLDER = '$SCIM_TOKEN';

/** The environment variable every copied snippet reads the key from. */
export const API_KEY_VARIABLE = 'SCIM_TOKEN';

/** Where the language chosen for Copy as and Copy report is kept: `localStorage[SNIPPET_LANGUAGE_STORAGE_NAME]`. */
export const SNIPPET_LANGUAGE_STORAGE_NAME = `${TAG_NAME}:snippet-language`;

/** Where the provider's key page leaves the API key: `localStorage[API_KEY_STORAGE_NAME]`. */
export const API_KEY_STORAGE_NAME = 'apikey';

export const DEFAULT_SCIM_BASE_PATH = '/scim/v2';
export const DEFAULT_API_KEY_PATH = '/apikey/';
/** The fragment of the key page that positions it at the creation of a new key. */
export const KEY_CREATION_ANCHOR = 'create-new-access-key';

/** Records generated, and calls sent, per press. */
export const RECORDS_PER_BATCH = 10;

/** Delay between a click on a key-creation link and the click on its plan card. */
export const PLAN_CARD_DELAY_MS = 500;
