import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pieceEnd, textSlices } from './text-slices';

describe('textSlices', () => {
  it('gives the text back, byte for byte, when its pieces are joined, and no piece is longer than asked', () => {
    const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 400 }), fc.json());
    fc.assert(
      fc.property(text, fc.integer({ min: 2, max: 64 }), (value, size) => {
        const slices = textSlices(value, size);
        expect(slices.join('')).toBe(value);
        for (const slice of slices) expect(slice.length).toBeGreaterThan(0);
        for (const slice of slices) expect(slice.length).toBeLessThanOrEqual(size);
      }),
    );
  });

  it('ends a piece after a line break when one is in its second half, so pieces are whole lines', () => {
    const lines = Array.from({ length: 50 }, (_, index) => `  "key${index}": ${index},\n`).join('');
    const slices = textSlices(lines, 100);
    for (const slice of slices.slice(0, -1)) expect(slice.endsWith('\n')).toBe(true);
  });

  it('cuts one long line where it must, but never between the halves of a surrogate pair', () => {
    const text = `a${'😀'.repeat(20)}`;
    const slices = textSlices(text, 8);
    expect(slices.join('')).toBe(text);
    for (const slice of slices) expect(slice).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
  });

  it('keeps a short text whole', () => {
    expect(textSlices('{}', 4096)).toEqual(['{}']);
    expect(textSlices('', 4096)).toEqual([]);
    expect(pieceEnd('abc', 0, 4096)).toBe(3);
  });
});
