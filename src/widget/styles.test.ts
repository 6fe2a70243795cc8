// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CSS_PROPERTY_TABLE } from './css-properties';

// The element's own styles and those that come with the views' chunk.
const css = ['./styles.css', './results.css']
  .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
  .join('\n')
  .replace(/\/\*[\s\S]*?\*\//g, '');

/** Each `var(--scim-generator-…, fallback)` of the stylesheet as [name, fallback], nested parentheses and all. */
function customPropertyUses(text: string): [string, string][] {
  const uses: [string, string][] = [];
  for (const { index } of text.matchAll(/var\((?=\s*--scim-generator-)/g)) {
    let depth = 0;
    let end = index + 'var('.length;
    for (; end < text.length && (depth > 0 || text[end] !== ')'); end++) {
      if (text[end] === '(') depth++;
      if (text[end] === ')') depth--;
    }
    const [name = '', ...fallback] = text.slice(index + 'var('.length, end).split(',');
    uses.push([name.trim(), fallback.join(',').replace(/\s+/g, ' ').trim()]);
  }
  return uses;
}

describe('styles.css and results.css', () => {
  const uses = customPropertyUses(css);

  it('reads exactly the custom properties the table declares', () => {
    const read = [...new Set(uses.map(([name]) => name))].sort();
    expect(read).toEqual(CSS_PROPERTY_TABLE.map(({ name }) => name).sort());
  });

  it("falls back to each property's declared default", () => {
    for (const { name, default: fallback } of CSS_PROPERTY_TABLE) {
      expect(uses.filter(([used]) => used === name).map(([, used]) => used), name).toContain(fallback);
    }
  });
});
