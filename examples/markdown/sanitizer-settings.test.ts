// @vitest-environment node
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import MarkdownIt from 'markdown-it';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_TABLE } from '../../src/public/attribute-table';
import { TAG_NAME } from '../../src/public/constants';
import { DOMPURIFY_CONFIG, sanitizeHtmlOptions } from './sanitizer-settings';

// Issue 40: the sanitizers CMSs and Markdown pipelines use strip the tag on their defaults; the
// settings docs/platforms/markdown.md gives keep it and its attributes, and drop anything added.
// DOMPurify runs on jsdom, as on a server (happy-dom's DOM lets it through unsanitized).

const { window } = new JSDOM('');
const DOMPurify = createDOMPurify(window);

const attributes = Object.fromEntries(ATTRIBUTE_TABLE.map((row) => [row.name, 'values' in row ? row.values[1] : `value-of-${row.name}`]));
const attributeText = Object.entries(attributes)
  .map(([name, value]) => `${name}="${value}"`)
  .join(' ');
const ELEMENT = `<${TAG_NAME} ${attributeText} onclick="alert(1)" extra="1"></${TAG_NAME}>`;
const CONTENT = `<p>Try it:</p>\n${ELEMENT}\n<script>alert(2)</script>`;

/** The element in `html`: its attributes, name to value; undefined when it was removed. */
function elementIn(html: string): Record<string, string> | undefined {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  const element = template.content.querySelector(TAG_NAME);
  return element ? Object.fromEntries([...element.attributes].map(({ name, value }) => [name, value])) : undefined;
}

describe.each([
  ['DOMPurify', (html: string) => DOMPurify.sanitize(html), (html: string) => DOMPurify.sanitize(html, DOMPURIFY_CONFIG)],
  ['sanitize-html', (html: string) => sanitizeHtml(html), (html: string) => sanitizeHtml(html, sanitizeHtmlOptions())],
])('%s', (_name, byDefault, withSettings) => {
  it('removes the tag on its default settings', () => {
    expect(elementIn(byDefault(CONTENT))).toBeUndefined();
  });

  it("keeps the tag with every one of the element's attributes, and drops onclick, another attribute and <script>", () => {
    const sanitized = withSettings(CONTENT);
    expect(elementIn(sanitized)).toEqual(attributes);
    expect(sanitized).not.toMatch(/<script|alert/);
    expect(sanitized).toContain('<p>Try it:</p>');
  });

  it('keeps no other custom element', () => {
    expect(withSettings('<scim-generator-x onclick="alert(1)"></scim-generator-x><other-element></other-element>')).not.toMatch(/-x|other-element|alert/);
  });
});

describe('Markdown renderers', () => {
  const page = `# Try it\n\n${ELEMENT}\n`;

  it('markdown-it escapes the tag into text on its defaults, and passes it with html: true', () => {
    expect(elementIn(new MarkdownIt().render(page))).toBeUndefined();
    expect(new MarkdownIt().render(page)).toContain(`&lt;${TAG_NAME}`);
    expect(elementIn(new MarkdownIt({ html: true }).render(page))).toEqual({ ...attributes, onclick: 'alert(1)', extra: '1' });
  });

  it('marked passes the tag; DOMPurify with the settings then keeps only its attributes', async () => {
    const rendered = await marked.parse(page);
    expect(elementIn(rendered)).toMatchObject(attributes);
    expect(elementIn(DOMPurify.sanitize(rendered, DOMPURIFY_CONFIG))).toEqual(attributes);
  });
});
