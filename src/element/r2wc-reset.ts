// r2wc keeps its props and its re-render hook under these registered symbols. They are private
// to r2wc (pinned to an exact version in package.json); r2wc-reset.test.ts fails if they change.
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

export interface R2wcElement extends HTMLElement {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
  connectedCallback(): void;
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void;
  disconnectedCallback(): void;
}

/**
 * r2wc ignores a removed or emptied attribute and keeps the last value; this sets the prop back
 * to undefined and re-renders, so the widget falls back to the default.
 */
export function resetRemovedAttribute(element: R2wcElement, property: string): void {
  element[R2WC_PROPS][property] = undefined;
  element[R2WC_RENDER]();
}
