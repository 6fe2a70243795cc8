import { ScimGeneratorElement, TAG_NAME } from './element';

export { ScimGeneratorElement, TAG_NAME, ATTRIBUTES, type ScimGeneratorProperties } from './element';
export { RESULT_EVENT, COMPLETE_EVENT, type ItemResult, type BatchResult } from './controller';
export type { ResourceType, ScimRecord, ScimUser, ScimGroup } from './scim/schemas';

// Guarded, so a page that loads this file twice, or both builds, raises nothing.
if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, ScimGeneratorElement);

declare global {
  interface HTMLElementTagNameMap {
    'scim-generator': ScimGeneratorElement;
  }
  interface HTMLElementEventMap {
    'scim-generator-result': CustomEvent<import('./controller').ItemResult>;
    'scim-generator-complete': CustomEvent<import('./controller').BatchResult>;
  }
}
