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

/**
 * `<scim-generator>`: creates ten fake SCIM Users or Groups per press and shows how each went.
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
