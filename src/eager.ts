// `scim-generator/define`: the ES entry for a page sure to hold the element. It imports the
// element's chunk statically, as the IIFE holds it, where the loader waits for the tag: a bundler
// then takes the element into the page's own files, and a `<link rel="modulepreload">` of the chunk
// lets a plain page fetch both at once. Same exports as the loader (src/index.ts), whose watching
// then finds the tag already defined.
import './define';

export * from './index';
