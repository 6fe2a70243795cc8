import statuses from 'statuses';

/**
 * The status text to show for a response. HTTP/2 has no reason phrase, so `statusText` is
 * empty there; fall back to the standard phrase for the code.
 */
export function statusTextFor(status: number, statusText: string): string {
  if (statusText.trim()) return statusText;
  return statuses.message[status] ?? '';
}
