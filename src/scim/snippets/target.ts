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

/**
 * The JSON DEL and the C1 controls (U+007F to U+009F), which JSON.stringify leaves raw: in a
 * terminal a pasted DEL erases the character before it (readline's rubout), and a C1 control may
 * start an escape sequence. They can stand only inside a JSON string, where `\u007f` is the same
 * character (RFC 8259 §7); JSON.stringify already escapes C0 controls so.
 */
const UNPASTABLE = /[\u007f-\u009f]/g;

/**
 * The body as text: the JSON the element serialised, with DEL and C1 controls written as JSON
 * escapes, so that a snippet survives a paste and sends the same JSON.
 */
export function bodyText(request: ScimRequest): string | undefined {
  return request.body === undefined ? undefined : JSON.stringify(request.body).replace(UNPASTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
