// har-validator ships no types. It checks a whole HAR against the HAR 1.2 JSON schema (har-schema);
// the tests use it as the independent reader of what har.ts writes.
declare module 'har-validator' {
  /** Resolves with the HAR when it is valid; rejects with `{ errors }` (Ajv's) when it is not. */
  export function har(data: unknown): Promise<unknown>;
}
