export type NoticeKind = 'unauthenticated' | 'rate-limited';

/** The spec's first-result rule: a first answer of 401 or 429 replaces the lines with a notice. */
export function noticeFor(firstStatus: number | undefined): NoticeKind | null {
  if (firstStatus === 401) return 'unauthenticated';
  if (firstStatus === 429) return 'rate-limited';
  return null;
}
