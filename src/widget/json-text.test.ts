import { describe, expect, it } from 'vitest';
import { CUT_DEEPER, MAX_SHOWN_DEPTH, prettyJson, withControlsEscaped } from './json-text';

describe('prettyJson', () => {
  it('pretty-prints JSON as JSON.stringify does', () => {
    const value = { a: [1, 'two', null, { b: true }], c: {} };
    expect(prettyJson(value)).toBe(JSON.stringify(value, null, 2));
  });

  it(`keeps ${MAX_SHOWN_DEPTH} levels of nesting and cuts the rest`, () => {
    const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`);
    expect(prettyJson(nested(MAX_SHOWN_DEPTH))).toBe(JSON.stringify(nested(MAX_SHOWN_DEPTH), null, 2));
    const cut = JSON.parse(prettyJson(nested(MAX_SHOWN_DEPTH + 1))) as unknown;
    let inner = cut;
    for (let level = 0; level < MAX_SHOWN_DEPTH; level++) inner = (inner as unknown[])[0];
    expect(inner).toBe(CUT_DEEPER);
  });

  it('shows JSON nested 5,000 deep without running out of stack (M2)', () => {
    const deep: unknown = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(() => JSON.stringify(deep, null, 2)).toThrow(RangeError);
    const shown = prettyJson(deep);
    expect(shown).toContain(CUT_DEEPER);
    expect(shown.split('\n').length).toBeLessThan(200);
  });
});

describe('withControlsEscaped', () => {
  it('escapes DEL and the C1 controls, which JSON.stringify leaves raw, and keeps the JSON value', () => {
    const value = { text: 'a\u007f b\u009b2J c\u0085 é ü' };
    const json = withControlsEscaped(JSON.stringify(value));
    expect(json).toBe('{"text":"a\\u007f b\\u009b2J c\\u0085 é ü"}');
    expect(JSON.parse(json)).toEqual(value);
  });
});
