// The table itself rather than the package's CommonJS index: bundled, a CommonJS module that
// requires JSON brings the bundler's interop helpers into the element's chunk, before the button.
import codes from 'statuses/codes.json';

const REASON_PHRASES: Partial<Record<number, string>> = codes;

/**
 * The status text to show for a response. HTTP/2 has no reason phrase, so `statusText` is
 * empty there; fall back to the standard phrase for the code.
 */
export function statusTextFor(status: number, statusText: string): string {
  if (statusText.trim()) return statusText;
  return REASON_PHRASES[status] ?? '';
}
