import { scimError } from './scim-error';

// C0 and C1 controls and DEL; bidi embeddings and overrides (U+202A-U+202E) and isolates
// (U+2066-U+2069), which reorder how a name is shown; lone surrogates, which are not text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

// Zero-width space, non-joiner, joiner, word joiner and BOM: allowed in a name (emoji sequences
// need the joiner), but invisible, so left out when names are compared.
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/gu;

/** userName is required (RFC 7643 §4.1.1), and here also visible text without controls. */
export function requireValidUserName(userName: unknown): void {
  if (typeof userName !== 'string' || userName.trim() === '') {
    throw scimError(400, 'userName is required and must not be empty', 'invalidValue');
  }
  if (FORBIDDEN.test(userName)) {
    throw scimError(400, 'userName must not contain control characters, bidi overrides or lone surrogates', 'invalidValue');
  }
}

/**
 * The key two names are compared by: NFKC (so NFD matches NFC and fullwidth letters their
 * ASCII forms), without zero-width characters, trimmed, case-insensitive (caseExact: false).
 */
export function comparisonKey(value: string): string {
  return value.normalize('NFKC').replace(ZERO_WIDTH, '').trim().toLowerCase();
}
