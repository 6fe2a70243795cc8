// The ES entry: a loader that defines nothing until a `<scim-generator>` is on the page, then
// imports the element's chunk (src/entries/define.ts), which brings React. Its exports need no React.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ScimGeneratorAttributes } from '../public/attribute-table';
import { defineWhenTagAppears } from './autoload';
import { TAG_NAME } from '../public/constants';
import type { ScimGeneratorElement } from '../element/element';
import type { ScimGeneratorEventMap } from './event-map';

export { defineScimGenerator } from './autoload';
export type { ScimGeneratorElement } from '../element/element';
export * from '../public/public-values';
export type { ScimGeneratorProperties, ScimGeneratorAttributes } from '../public/attribute-table';
export type { ScimGeneratorEventMap } from './event-map';
export type { ItemResult, BatchResult } from '../batch/results';
export type { ActionKind, ActionItemResult, ActionResult } from '../batch/actions';
export type { CheckReport } from '../batch/checks';
export type { CheckResult, CheckOutcome } from '../scim/checks/check';
export type { ReadinessVerdict, Finding as ReadinessFinding } from '../scim/readiness/run';
export type { Source as ReadinessSource } from '../scim/profiles/criterion';
export type { IdpProfile } from '../scim/profiles/names';
export type { ScimCall, CallPurpose } from '../scim/http/call';
export type { ScimResult, ScimRequest, HttpMethod } from '../scim/http/client';
export type { ScimResponse } from '../scim/http/read-response';
export type { ResourceType, ScimRecord, ScimUser, ScimGroup } from '../scim/records/schemas';

// A page that already has the element (another copy, or the IIFE) needs nothing from this one.
if (!customElements.get(TAG_NAME)) defineWhenTagAppears(document);

/** React 19 adds a listener for the event `x` when a custom element gets a function prop `onx`. */
export type ScimGeneratorEventProps = {
  [Type in keyof ScimGeneratorEventMap as `on${Type}`]?: (event: ScimGeneratorEventMap[Type]) => void;
};

/** The props of `<scim-generator>` in React 19 JSX. */
export type ScimGeneratorJsxProps = DetailedHTMLProps<HTMLAttributes<ScimGeneratorElement>, ScimGeneratorElement> &
  ScimGeneratorAttributes &
  ScimGeneratorEventProps;

/* eslint-disable @typescript-eslint/no-empty-object-type -- these interfaces merge the element's tag and
   events, taken from the tables, into the DOM's and React's own maps */
declare global {
  interface HTMLElementTagNameMap extends Record<typeof TAG_NAME, ScimGeneratorElement> {}
  interface HTMLElementEventMap extends ScimGeneratorEventMap {}
  // The events bubble, so a page can listen on the document too.
  interface DocumentEventMap extends ScimGeneratorEventMap {}
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React 19 keeps its JSX types in this namespace
  namespace JSX {
    interface IntrinsicElements extends Record<typeof TAG_NAME, ScimGeneratorJsxProps> {}
  }
}
/* eslint-enable @typescript-eslint/no-empty-object-type */
