import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { BatchResult, ItemResult } from './controller';
import { ScimGeneratorElement, TAG_NAME } from './element';
import type { ResourceType } from './scim/schemas';

export { ScimGeneratorElement, TAG_NAME, ATTRIBUTES, type ScimGeneratorProperties } from './element';
export { RESULT_EVENT, COMPLETE_EVENT, type ItemResult, type BatchResult } from './controller';
export type { SendResult } from './scim/client';
export type { ResourceType, ScimRecord, ScimUser, ScimGroup } from './scim/schemas';

// Guarded, so a page that loads this file twice, or both builds, raises nothing.
if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, ScimGeneratorElement);

/** The events `<scim-generator>` dispatches on itself; they bubble and cross shadow roots. */
export interface ScimGeneratorEventMap {
  'scim-generator-result': CustomEvent<ItemResult>;
  'scim-generator-complete': CustomEvent<BatchResult>;
}

/** The element's attributes by their HTML names, as JSX props. */
export interface ScimGeneratorAttributes {
  'resource-type'?: ResourceType;
  'base-url'?: string;
  'api-key-url'?: string;
  /** Milliseconds per request. */
  timeout?: string | number;
  'plan-card-selector'?: string;
}

/** React 19 adds a listener for the event `x` when a custom element gets a function prop `onx`. */
export type ScimGeneratorEventProps = {
  [Type in keyof ScimGeneratorEventMap as `on${Type}`]?: (event: ScimGeneratorEventMap[Type]) => void;
};

/** The props of `<scim-generator>` in React 19 JSX. */
export type ScimGeneratorJsxProps = DetailedHTMLProps<HTMLAttributes<ScimGeneratorElement>, ScimGeneratorElement> &
  ScimGeneratorAttributes &
  ScimGeneratorEventProps;

declare global {
  interface HTMLElementTagNameMap {
    'scim-generator': ScimGeneratorElement;
  }
  interface HTMLElementEventMap {
    'scim-generator-result': ScimGeneratorEventMap['scim-generator-result'];
    'scim-generator-complete': ScimGeneratorEventMap['scim-generator-complete'];
  }
  // The events bubble, so a page can listen on the document too.
  interface DocumentEventMap {
    'scim-generator-result': ScimGeneratorEventMap['scim-generator-result'];
    'scim-generator-complete': ScimGeneratorEventMap['scim-generator-complete'];
  }
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React 19 keeps its JSX types in this namespace
  namespace JSX {
    interface IntrinsicElements {
      'scim-generator': ScimGeneratorJsxProps;
    }
  }
}
