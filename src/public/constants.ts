/**
 * The names the element, the demo, the sandbox and the tests share, each declared once: here, or
 * for the lazily loaded layers that alone use them, in src/public/event-names.ts (the events),
 * src/scim/protocol.ts (SCIM's URNs and media type), src/scim/secrets/key-token.ts (the key's stand-ins),
 * src/page/email-domains.ts (where the reader's e-mail domains are kept),
 * src/batch/left-on-server.ts (where what presses left on a server is kept across reloads)
 * and src/widget/snippet-choice.ts (where the snippet language is kept), so that the element's
 * chunk does not carry them.
 * This module imports nothing, so any layer (src/scim included) and Node-side code may use it.
 */

export const TAG_NAME = 'scim-generator';

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
