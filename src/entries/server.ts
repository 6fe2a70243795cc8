// What `import 'scim-generator'` loads where there is no DOM: Node's `node` export condition picks
// this file for server rendering and static builds (VitePress, Docusaurus, any SSR). It exports
// the browser entry's values and defines no element; the browser entry (src/entries/index.ts) does that.
export * from '../public/public-values';

/** The browser entry's defineScimGenerator; on a server there is no element to define. */
export function defineScimGenerator(): Promise<never> {
  return Promise.reject(new Error('<scim-generator> runs in a browser only; on a server, render the tag and let the browser upgrade it'));
}
