// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentedSection } from '../../src/test-support/documentation';

// The example is the README's recipe put together, so what it shows is what the README says.
const page = readFileSync('examples/static-docs/index.html', 'utf8');
const firstHtmlBlock = (section: string) => /```html\n([\s\S]*?)```/.exec(documentedSection(section))?.[1] ?? '';
const unindented = (html: string) => html.replace(/^[ \t]+/gm, '').trim();

describe('examples/static-docs/index.html', () => {
  it.each([
    ['script', 'Script and element', '<script'],
    ['paste form', 'The key', '<form'],
  ])("holds the README's %s word for word (section %s)", (_what, section, tag) => {
    const snippet = firstHtmlBlock(section);
    expect(snippet).toContain(tag);
    expect(unindented(page)).toContain(unindented(snippet));
  });
});
