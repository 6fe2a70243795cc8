// Server-chosen text in a Markdown report. Inside a code span nothing is markup: no image, link,
// autolink or HTML (CommonMark 0.31 §6.1), so a pasted report shows the server's text as it came.

/** The longest run of backticks in `text`. */
const longestBacktickRun = (text: string) => Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));

/**
 * `text` as one code span for a GFM table cell: on one line, fenced by more backticks than any run
 * inside it, padded when it starts or ends with a backtick, and `|` escaped (GFM tables split on it,
 * even inside a code span).
 */
export function markdownCodeCell(text: string): string {
  if (text === '') return '';
  const line = text.replace(/\r\n|[\r\n]/g, ' ').replaceAll('|', '\\|');
  const fence = '`'.repeat(longestBacktickRun(line) + 1);
  const pad = /^[` ]|[` ]$/.test(line) ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

/** A fenced code block of `lines` whose fence no line inside can close (CommonMark 0.31 §4.5). */
export function markdownCodeBlock(info: string, lines: readonly string[]): string[] {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(lines.join('\n')) + 1));
  return [`${fence}${info}`, ...lines, fence];
}
