// `scim-generator/define`: the ES entry for a page sure to hold the element. It imports the
// element's chunk statically, where the loader waits for the tag: a bundler then takes the element
// into the page's own files, and a `<link rel="modulepreload">` of the chunk lets a plain page fetch
// both at once. The loader's exports, with nothing left to load.
import { TAG_NAME } from '../public/constants';
import './define';
import type { ScimGeneratorElement } from '../element/element';

export * from '../public/public-values';

/** As the loader's (src/entries/autoload.ts): resolves with the class the page's registry holds for the tag, defined by now. */
export function defineScimGenerator(): Promise<typeof ScimGeneratorElement> {
  return customElements.whenDefined(TAG_NAME) as Promise<typeof ScimGeneratorElement>;
}
