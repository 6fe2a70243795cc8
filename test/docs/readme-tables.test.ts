// @vitest-environment node
import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import { expect, it } from 'vitest';

// Issue 54: README table cells ran to 150–250 words; the long details live in docs/, and a cell
// says what a reader needs at a glance. Words are counted in the cell's Markdown source, as written.
const MAX_WORDS = 60;

it(`no README table cell is over ${MAX_WORDS} words`, () => {
  const tokens = new MarkdownIt().parse(readFileSync('README.md', 'utf8'), {});
  const cells = tokens.flatMap((token, index) =>
    (token.type === 'td_open' || token.type === 'th_open') && tokens[index + 1]?.type === 'inline' ? [tokens[index + 1]?.content ?? ''] : [],
  );
  expect(cells.length).toBeGreaterThan(50);
  const long = cells.map((cell) => ({ words: cell.split(/\s+/).filter(Boolean).length, start: cell.slice(0, 60) })).filter(({ words }) => words > MAX_WORDS);
  expect(long).toEqual([]);
});
