// The element's chunk: importing it defines `<scim-generator>`. The ES entry (src/entries/index.ts) imports
// it once the tag is on the page; the define entry (src/entries/eager.ts) and the IIFE (src/entries/iife.ts) at once.
// package.json's `sideEffects` names this file: the IIFE imports it for its side effect, which the
// build would otherwise drop.
import { TAG_NAME } from '../public/constants';
import { ScimGeneratorElement } from '../element/element';

export { ScimGeneratorElement };

// Guarded, so a page that loads two copies of the package, or both builds, raises nothing.
if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, ScimGeneratorElement);
