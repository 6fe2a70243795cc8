// The IIFE: one self-contained classic script that defines the element at once (it cannot load
// chunks), with the ES entry's exports on `window.ScimGenerator`.
export * from './eager';
export { ScimGeneratorElement } from './define';
