import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { TAG_NAME } from './constants';

// Issue 26: a docs author pastes the README's snippets into a Markdown page (MkDocs, Hugo, Astro
// .md, VitePress all render Markdown with raw HTML allowed). A line that starts with `>` is a
// blockquote there, so a tag whose `>` stands alone on its line comes out as text. Each snippet
// that holds the element must come out of a CommonMark renderer as that element, attributes and all.

const readme = readFileSync('README.md', 'utf8');
const snippets = [...readme.matchAll(/^( *)```html\n([\s\S]*?)^\1```$/gm)]
  .map(([, indent = '', body = '']) => body.replace(new RegExp(`^${indent}`, 'gm'), ''))
  .filter((body) => body.includes(`<${TAG_NAME}`));

const markdown = new MarkdownIt({ html: true });

function elementsIn(html: string): { name: string; value: string }[][] {
  const container = document.createElement('div');
  container.innerHTML = html;
  return [...container.querySelectorAll(TAG_NAME)].map((element) => [...element.attributes].map(({ name, value }) => ({ name, value })));
}

describe('the README snippets in a Markdown page', () => {
  it('are there to check', () => {
    expect(snippets.length).toBeGreaterThan(0);
  });

  it.each(snippets.map((snippet) => [snippet.split('\n')[0], snippet]))('%s… renders as the element, attributes and all', (_first, snippet) => {
    const written = elementsIn(snippet);
    expect(written.length).toBeGreaterThan(0);
    expect(elementsIn(markdown.render(snippet))).toEqual(written);
  });
});
