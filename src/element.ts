import r2wc from '@r2wc/react-to-web-component';
import { controllerFor } from './controller';
import { ScimGenerator } from './widget/ScimGenerator';

export const TAG_NAME = 'scim-generator';

/** Attribute name → the React prop r2wc maps it to. Attributes are read as strings and validated by the widget. */
export const ATTRIBUTES = {
  'resource-type': 'resourceType',
  'base-url': 'baseUrl',
  'api-key-url': 'apiKeyUrl',
  timeout: 'timeout',
  'plan-card-selector': 'planCardSelector',
} as const;

export interface ScimGeneratorProperties {
  /** `Users` or `Groups`; default `Users`. */
  resourceType: string | undefined;
  /** SCIM v2 base URL; default `/scim/v2`. */
  baseUrl: string | undefined;
  /** The API key page; default `/apikey/`. */
  apiKeyUrl: string | undefined;
  /** Milliseconds per request; default `30000`. */
  timeout: string | undefined;
  /** Selects the plan cards of the key page; default `.plan-card`. */
  planCardSelector: string | undefined;
}

// r2wc keeps its props and re-render hook under these registered symbols.
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

interface R2wcInternals {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void;
  disconnectedCallback(): void;
}

const R2wcElement = r2wc(ScimGenerator, {
  shadow: 'open',
  props: Object.fromEntries(Object.values(ATTRIBUTES).map((prop) => [prop, 'string'])),
}) as unknown as { new (): HTMLElement & R2wcInternals };

// This block is the source of custom-elements.json (`npm run manifest`): r2wc creates the
// attributes at run time, where the analyzer cannot see them.
/**
 * Creates ten fake SCIM 2.0 Users or Groups per press against a SCIM v2 API and shows one result
 * line per item. The API key is read from `localStorage['apikey']` at each press.
 *
 * @tag scim-generator
 * @summary Creates ten fake SCIM 2.0 Users or Groups against a SCIM v2 API with one press.
 *
 * @attr {'Users' | 'Groups'} [resource-type=Users] - The SCIM resource type to create.
 * @attr {string} [base-url=/scim/v2] - The SCIM v2 base URL, absolute or relative to the page; a trailing slash is optional. Must be http(s) without credentials.
 * @attr {string} [api-key-url=/apikey/] - The page where users get an API key, linked from the 401 and 429 notices. Only http(s) URLs become links.
 * @attr {string} [timeout=30000] - Milliseconds each request may take before its line shows `0 Timed out`; a whole number above 0.
 * @attr {string} [plan-card-selector=.plan-card] - CSS selector of the plan cards on the API key page; "Create a Pro Access key" clicks the second match.
 *
 * @fires {CustomEvent<ItemResult>} scim-generator-result - One item of a batch has finished. `detail`: `{ index, status, statusText, ok, name?, detail?, scimType?, record }`; `status` is 0 when no response arrived. Bubbles and is composed.
 * @fires {CustomEvent<BatchResult>} scim-generator-complete - All ten items of a batch have finished. `detail`: `{ results }`, every `scim-generator-result` detail in batch order. Bubbles and is composed.
 *
 * @csspart base - The wrapper around everything the element shows.
 * @csspart button - The "Generate Users →" / "Generate Groups →" button.
 * @csspart checkbox-label - The label of the checkbox (Users only).
 * @csspart checkbox - The "Create activated users" checkbox (Users only).
 * @csspart results - The list of result lines.
 * @csspart result - Each result line; it also has the part `success` or `error`.
 * @csspart success - A result line whose item was created (2xx).
 * @csspart error - A result line whose item was not created.
 * @csspart status - The HTTP status code of a result line (0 when no response arrived).
 * @csspart status-text - The reason phrase of a result line.
 * @csspart name - The created record's name on a success line.
 * @csspart detail - The server's SCIM error `scimType` and `detail` on an error line.
 * @csspart notice - The 401 (not authenticated) or 429 (rate limited) notice that replaces the lines.
 * @csspart message - The error shown instead of the button for an invalid attribute, or in place of the lines when the record generator could not load.
 *
 * @cssprop [--scim-generator-font-family=inherit] - Font family; the page's by default.
 * @cssprop [--scim-generator-font-size=inherit] - Font size; spacing scales with it.
 * @cssprop [--scim-generator-color=inherit] - Text colour; result and notice colours mix with it.
 * @cssprop [--scim-generator-spacing=0.75em] - Space between the controls and the results.
 * @cssprop [--scim-generator-radius=6px] - Corner radius of the button, the notice and the message.
 * @cssprop [--scim-generator-accent-color=#2563eb] - Button background, checkbox and focus ring colour.
 * @cssprop [--scim-generator-accent-text-color=#fff] - Button text colour.
 * @cssprop [--scim-generator-success-color=color-mix(in srgb, #16a34a 70%, currentColor)] - Colour of success lines.
 * @cssprop [--scim-generator-error-color=color-mix(in srgb, #dc2626 75%, currentColor)] - Colour of error lines; tints the notice and the message.
 */
export class ScimGeneratorElement extends R2wcElement implements ScimGeneratorProperties {
  // r2wc defines these accessors at run time; `declare` types them without shadowing them.
  declare resourceType: string | undefined;
  declare baseUrl: string | undefined;
  declare apiKeyUrl: string | undefined;
  declare timeout: string | undefined;
  declare planCardSelector: string | undefined;

  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    super.attributeChangedCallback(name, oldValue, newValue);
    // r2wc ignores a removed or emptied attribute; the widget should fall back to the default.
    if (!newValue && name in ATTRIBUTES) {
      this[R2WC_PROPS][ATTRIBUTES[name as keyof typeof ATTRIBUTES]] = undefined;
      this[R2WC_RENDER]();
    }
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    // A move (remove + insert in one task) keeps its batch; a removal stops it.
    queueMicrotask(() => {
      if (!this.isConnected) controllerFor(this).reset();
    });
  }
}
