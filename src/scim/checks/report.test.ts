// @vitest-environment node
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import type { ScimCall } from '../http/call';
import type { CheckResult } from './check';
import { checkReportMarkdown } from './report';
import { curl } from '../snippets/curl';

// As an issue tracker renders a paste: raw HTML allowed, bare URLs linked.
const tracker = new MarkdownIt({ html: true, linkify: true });

/** The text of an HTML fragment that holds only text and entities. */
const textOf = (html: string) => html.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&').trim();

const HOSTILE = [
  '![t](http://attacker.example/pixel.png)',
  '[click](https://attacker.example/)',
  'see https://attacker.example/x and <https://attacker.example/y>',
  '<img src=x onerror=alert(1)><b>bold</b>',
  '``` closes ``` a `fence` | splits a cell',
  '`starts and ends with a backtick`',
  'line\nbreak &amp; entity',
];

const failed = (reason: string, url = 'https://scim.example.com/scim/v2/Users/u-1'): CheckResult => ({
  id: 'read-back',
  name: 'Read back the created user',
  source: 'RFC 7644 §3.4.1',
  outcome: 'fail',
  reason,
  calls: [{ purpose: 'check', request: { method: 'GET', url, headers: {} } } as unknown as ScimCall],
});

describe('F8: Copy report renders no image, link or HTML from the server', () => {
  it.each(HOSTILE)('%j stays text, in its own cell', (reason) => {
    const html = tracker.render(checkReportMarkdown([failed(reason)], '0 passed, 1 failed, 0 skipped', curl));
    expect(html).not.toMatch(/<img|<a |<b>/);
    const cells = [...html.matchAll(/<td>([\s\S]*?)<\/td>/g)].map(([, cell]) => cell);
    expect(cells).toHaveLength(3);
    const shown = cells[2]?.replace(/^<code>|<\/code>$/g, '');
    expect(cells[2]).toMatch(/^<code>[\s\S]*<\/code>$/);
    expect(textOf(shown ?? '')).toBe(reason.replace(/\n/g, ' ').trim());
  });

  it('fences the cURL block longer than any backtick run in it', () => {
    const url = 'https://scim.example.com/scim/v2/Users?q=```<img src=x>';
    const html = tracker.render(checkReportMarkdown([failed('x', url)], '', curl));
    expect(html).not.toMatch(/<img/);
    expect(html).toContain('<pre><code class="language-sh">');
    expect(html).toContain('```&lt;img src=x&gt;');
  });
});
