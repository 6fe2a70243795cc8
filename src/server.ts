// What `import 'scim-generator'` loads where there is no DOM: Node's `node` export condition picks
// this file for server rendering and static builds (VitePress, Docusaurus, any SSR). It exports
// the browser entry's values and defines no element; the browser entry (src/index.ts) does that.
export * from './public-values';

/** A stand-in for the element class, which needs a DOM: constructing it on a server throws. */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- the browser entry exports a class by this name
export class ScimGeneratorElement {
  constructor() {
    throw new Error('<scim-generator> runs in a browser only; on a server, render the tag and let the browser upgrade it');
  }
}
