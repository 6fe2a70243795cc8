import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';

// Each platform's page in docs/platforms/ gives the recipe exactly as its browser test builds it
// (e2e/<platform>.spec.ts): every fixture file listed here appears there whole, as a code block.
const RECIPES: Record<string, string[]> = {
  'docs/platforms/markdown.md': ['examples/markdown/sanitizer-settings.ts'],
  'docs/platforms/mkdocs.md': ['e2e/fixtures/mkdocs-site/mkdocs.yml', 'e2e/fixtures/mkdocs-site/docs/index.md', 'e2e/fixtures/mkdocs-site/docs/groups.md'],
  'docs/platforms/eleventy.md': [
    'e2e/fixtures/eleventy-site/eleventy.config.mjs',
    'e2e/fixtures/eleventy-site/_includes/base.njk',
    'e2e/fixtures/eleventy-site/index.md',
  ],
  'docs/platforms/nextjs.md': [
    'e2e/fixtures/next-site/app/scim-generator.jsx',
    'e2e/fixtures/next-site/app/page.jsx',
    'e2e/fixtures/next-site/next.config.mjs',
    'e2e/fixtures/nextra-site/next.config.mjs',
    'e2e/fixtures/nextra-site/mdx-components.js',
    'e2e/fixtures/nextra-site/app/layout.jsx',
    'e2e/fixtures/nextra-site/app/scim-generator.jsx',
    'e2e/fixtures/nextra-site/app/page.mdx',
  ],
  'docs/platforms/jekyll.md': ['e2e/fixtures/jekyll-site/_config.yml', 'e2e/fixtures/jekyll-site/index.md', 'e2e/fixtures/jekyll-site/groups.md'],
  'docs/platforms/sphinx.md': ['e2e/fixtures/sphinx-site/conf.py', 'e2e/fixtures/sphinx-site/index.rst', 'e2e/fixtures/sphinx-site/guide/groups.md'],
  'docs/platforms/hugo.md': ['e2e/fixtures/hugo-site/content/_index.md', 'e2e/fixtures/hugo-site/static/site.css'],
  'docs/platforms/starlight.md': [
    'e2e/fixtures/starlight-site/src/components/LoadScimGenerator.astro',
    'e2e/fixtures/starlight-site/src/content/docs/index.mdx',
    'e2e/fixtures/starlight-site/astro.config.mjs',
    'e2e/fixtures/starlight-site/src/content.config.ts',
  ],
};

function codeBlocks(path: string): string[] {
  return new MarkdownIt()
    .parse(readFileSync(path, 'utf8'), {})
    .filter(({ type }) => type === 'fence')
    .map(({ content }) => content);
}

describe.each(Object.entries(RECIPES))('%s', (doc, fixtureFiles) => {
  it.each(fixtureFiles)('shows %s as the test builds it', (file) => {
    expect(codeBlocks(doc)).toContain(readFileSync(file, 'utf8'));
  });
});

// Issue 54: the recipe's `nav` named a page it never gave, so `mkdocs build --strict` stopped.
it("every page the MkDocs recipe's nav names, the recipe gives", () => {
  const navPages = [...readFileSync('e2e/fixtures/mkdocs-site/mkdocs.yml', 'utf8').matchAll(/^ {2}- [^:]+: (\S+\.md)$/gm)].map(([, page]) => `e2e/fixtures/mkdocs-site/docs/${page}`);
  expect(navPages.length).toBeGreaterThan(0);
  for (const page of navPages) expect(RECIPES['docs/platforms/mkdocs.md']).toContain(page);
});
