// Zero-width space, non-joiner, joiner, word joiner and BOM: allowed in a name (emoji sequences
// need the joiner), but invisible, so left out when names are compared.
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/gu;

/**
 * The key two names are compared by: NFKC (so NFD matches NFC and fullwidth letters their
 * ASCII forms), without zero-width characters, trimmed, case-insensitive (caseExact: false).
 */
export function comparisonKey(value: string): string {
  return value.normalize('NFKC').replace(ZERO_WIDTH, '').trim().toLowerCase();
}
