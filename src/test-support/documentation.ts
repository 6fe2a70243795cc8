import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A Markdown file a reader sees, with its path from the repository root. */
export interface DocumentationFile {
  path: string;
  text: string;
}

/** README.md and every Markdown file under docs/: wherever a table, a section or a snippet went. */
export function documentationFiles(): DocumentationFile[] {
  const docs = readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => join('docs', path))
    .sort();
  return ['README.md', ...docs].map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

/** The lines of the one documentation file that holds a line `matches`, from that line on. */
export function documentedFrom(matches: (line: string) => boolean, what: string): string[] {
  const found = documentationFiles().flatMap(({ path, text }) => {
    const lines = text.split('\n');
    const start = lines.findIndex(matches);
    return start < 0 ? [] : [{ path, from: lines.slice(start) }];
  });
  if (found.length !== 1) {
    const where = found.map(({ path }) => path).join(', ') || 'none';
    throw new Error(`Expected one of README.md and docs/**/*.md to hold ${what}, found: ${where}`);
  }
  return found[0]?.from ?? [];
}

/** `## Title` as level and title; null for any other line. */
function headingOf(line: string): { level: number; title: string } | null {
  const match = /^(#{1,6}) (.+)$/.exec(line);
  return match ? { level: match[1]?.length ?? 0, title: match[2] ?? '' } : null;
}

/**
 * The section under the heading `title` (any level) in whichever documentation file holds it, up
 * to the next heading of its level or above. Lines in fenced code blocks are never headings.
 */
export function documentedSection(title: string): string {
  const [first = '', ...rest] = documentedFrom((line) => headingOf(line)?.title === title, `a heading "${title}"`);
  const level = headingOf(first)?.level ?? 0;
  let fenced = false;
  const end = rest.findIndex((line) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : headingOf(line);
    return heading !== null && heading.level <= level;
  });
  return [first, ...rest.slice(0, end < 0 ? undefined : end)].join('\n');
}
