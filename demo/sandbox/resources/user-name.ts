import { scimError } from '../scim/scim-error';

// C0 and C1 controls and DEL; bidi embeddings and overrides (U+202A-U+202E) and isolates
// (U+2066-U+2069), which reorder how a name is shown; lone surrogates, which are not text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

/** userName is required (RFC 7643 §4.1.1), and here also visible text without controls. */
export function requireValidUserName(userName: unknown): void {
  if (typeof userName !== 'string' || userName.trim() === '') {
    throw scimError(400, 'userName is required and must not be empty', 'invalidValue');
  }
  if (FORBIDDEN.test(userName)) {
    throw scimError(400, 'userName must not contain control characters, bidi overrides or lone surrogates', 'invalidValue');
  }
}
