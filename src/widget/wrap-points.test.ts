import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NARROWEST_ROW_CHARS, wrapLines, type WrapLine } from './wrap-points';

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const textOf = (shown: string | WrapLine) => (typeof shown === 'string' ? shown : shown.pieces.join(''));
const piecesOf = (line: string) => (wrapLines(line)[0] as WrapLine).pieces;

describe('wrapLines', () => {
  it('gives each line that may wrap with the spaces that indent it, and the short lines between as they are', () => {
    const text = '{\n  "name": {\n    "givenName": "Barbara"\n  },\n\n\t"displayName": "Barbara Jensen"\n}';
    expect(wrapLines(text).map((shown) => (typeof shown === 'string' ? shown : [shown.indent, textOf(shown)]))).toEqual([
      '{\n  "name": {\n',
      [4, '    "givenName": "Barbara"\n'],
      '  },\n\n',
      [0, '\t"displayName": "Barbara Jensen"\n'],
      '}',
    ]);
  });

  it(`takes a line of ${NARROWEST_ROW_CHARS} characters, line break and trailing spaces left out, to be too short to wrap`, () => {
    const short = `${' '.repeat(4)}${'x'.repeat(NARROWEST_ROW_CHARS - 4)}  \r\n`;
    expect(wrapLines(short)).toEqual([short]);
    expect(wrapLines(`${short}x${short}`)).toEqual([short, { indent: 0, pieces: [`x${short}`] }]);
  });

  it('cuts a long URN after each colon, and a long URL after each run of : / ? & = , and -', () => {
    expect(piecesOf(`    "${ENTERPRISE}",\n`)).toEqual([
      '    "urn:',
      'ietf:',
      'params:',
      'scim:',
      'schemas:',
      'extension:',
      'enterprise:',
      '2.0:',
      'User",\n',
    ]);
    expect(piecesOf('"location": "https://example.com/scim/v2/Users/2819c223-7f76?a=1,2&b=3"')).toEqual([
      '"location": "https://',
      'example.com/',
      'scim/',
      'v2/',
      'Users/',
      '2819c223-',
      '7f76?',
      'a=',
      '1,',
      '2&',
      'b=',
      '3"',
    ]);
  });

  it(`leaves whole a token of ${NARROWEST_ROW_CHARS} characters or fewer, and does not cut after the colon that ends a key`, () => {
    const line = `"a:b/c-d?e=f&g,h", "${'k'.repeat(NARROWEST_ROW_CHARS)}": -1`;
    expect(piecesOf(line)).toEqual([line]);
  });

  it('gives the text back, byte for byte, for any text: surrogate pairs, \\r\\n, lone surrogates', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 400 }),
      fc.string({ unit: 'binary', maxLength: 400 }),
      fc.string({ unit: fc.constantFrom('a', ':', '/', '-', ' ', '\n', '\r\n', '😀', '\ud800'), maxLength: 400 }),
      fc.json().map((json) => JSON.stringify(JSON.parse(json), null, 2)),
    );
    fc.assert(
      fc.property(text, (value) => {
        const shown = wrapLines(value);
        expect(shown.map(textOf).join('')).toBe(value);
        shown.forEach((item, index) => {
          if (typeof item === 'string') expect(typeof shown[index + 1]).not.toBe('string');
          else for (const piece of item.pieces) expect(piece).not.toBe('');
        });
      }),
    );
  });
});
