/// <reference types="vite/client" />

declare module 'virtual:faker-en-subset' {
  const definitions: Record<string, Record<string, unknown>>;
  export default definitions;
}
