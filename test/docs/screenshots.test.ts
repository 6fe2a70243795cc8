import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentationFiles } from '../../src/test-support/documentation';

// Issue 38: the README's pictures are taken by `npm run screenshots` (e2e/screenshots.spec.ts), which
// records in docs/screenshots.json what they show. When the demo gains or loses a card, or the docs a
// picture, this fails until the pictures are taken again.

const record = JSON.parse(readFileSync('docs/screenshots.json', 'utf8')) as { pictures: string[]; cards: string[] };

describe('the pictures in the docs', () => {
  it('are the ones npm run screenshots takes, no more and no fewer', () => {
    const shown = documentationFiles().flatMap(({ text }) => [...text.matchAll(/\(docs\/([\w-]+\.png)\)|\(([\w-]+\.png)\)/g)].map((match) => match[1] ?? match[2]));
    expect([...new Set(shown)].sort()).toEqual([...record.pictures].sort());
  });

  it("show every card of the demo's generators page, as it is now", () => {
    const page = new DOMParser().parseFromString(readFileSync('demo/index.html', 'utf8'), 'text/html');
    const cards = [...page.querySelectorAll('section[data-page="/"] .card h2')].map((heading) => heading.textContent?.replace(/\s+/g, ' ').trim());
    expect(cards).toEqual(record.cards);
  });
});
