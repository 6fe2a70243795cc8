import type { ScimRequest } from '../http/client';

/**
 * One language Copy as and Copy report write a recorded call in: a plugin, as @scalar/snippetz
 * has one per target. `generate` repeats the call exactly (method, URL, every recorded header,
 * the body's bytes) with the key read from the environment variable SCIM_TOKEN, spelt in the
 * language's idiom wherever the recorded request holds API_KEY_TOKEN.
 */
export interface SnippetTarget {
  /** Stored as the reader's choice; stable across releases. */
  id: string;
  /** Shown in the choice and on the button: `Copy as <label>`. */
  label: string;
  /** The language of a Markdown code fence around the snippet, in Copy report. */
  fence: string;
  generate(request: ScimRequest): string;
}

/** The body's bytes as the element sent them, as text: the JSON it serialised, or none. */
export function bodyText(request: ScimRequest): string | undefined {
  return request.body === undefined ? undefined : JSON.stringify(request.body);
}
