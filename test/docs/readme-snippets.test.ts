import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { TAG_NAME } from '../../src/public/constants';
import { documentationFiles } from '../../src/test-support/documentation';

// Issue 26: a docs author pastes the documented snippets into a Markdown page (MkDocs, Hugo, Astro
// .md, VitePress all render Markdown with raw HTML allowed). A line that starts with `>` is a
// blockquote there, so a tag whose `>` stands alone on its line comes out as text. Each html, md
// or mdx snippet of README.md and docs/**/*.md that holds the element must come out of a
// CommonMark renderer as that element, attributes and all.

const snippets = documentationFiles().flatMap(({ path, text }) =>
  [...text.matchAll(/^( *)```(?:html|md|mdx)\n([\s\S]*?)^\1```$/gm)]
    .map(([, indent = '', body = '']) => body.replace(new RegExp(`^${indent}`, 'gm'), ''))
    .filter((body) => body.includes(`<${TAG_NAME}`))
    .map((snippet) => ({ path, snippet })),
);

const markdown = new MarkdownIt({ html: true });

function elementsIn(html: string): { name: string; value: string }[][] {
  const container = document.createElement('div');
  container.innerHTML = html;
  return [...container.querySelectorAll(TAG_NAME)].map((element) => [...element.attributes].map(({ name, value }) => ({ name, value })));
}

describe('the documented snippets in a Markdown page', () => {
  it('are there to check, in the README and in docs/', () => {
    expect(snippets.some(({ path }) => path === 'README.md')).toBe(true);
    expect(snippets.some(({ path }) => path.startsWith('docs/'))).toBe(true);
  });

  it.each(snippets.map(({ path, snippet }) => [path, snippet.split('\n')[0], snippet]))(
    '%s: %s… renders as the element, attributes and all',
    (_path, _first, snippet) => {
      const written = elementsIn(snippet);
      expect(written.length).toBeGreaterThan(0);
      expect(elementsIn(markdown.render(snippet))).toEqual(written);
    },
  );
});
