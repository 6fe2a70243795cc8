import { describe, expect, it } from 'vitest';
import { redactorFor } from './redact';

describe('redaction', () => {
  it('hides every case variant of the key', () => {
    const { text } = redactorFor('Sk-Live-Key9');
    expect(text('a Sk-Live-Key9 b SK-LIVE-KEY9 c sk-live-key9 d')).toBe('a [redacted] b [redacted] c [redacted] d');
  });

  it('treats the key as literal text, not a pattern', () => {
    const { text } = redactorFor('a.b*c+d?(e)');
    expect(text('x a.b*c+d?(e) aXbbbcd')).toBe('x [redacted] aXbbbcd');
  });

  it.each(['k', 'secret', 'seven77'])('never redacts a key shorter than 8 characters (%s)', (key) => {
    const { text, json } = redactorFor(key);
    expect(text(`keep ${key} and the letters of it`)).toBe(`keep ${key} and the letters of it`);
    expect(json({ [key]: key })).toEqual({ [key]: key });
  });

  it('redacts a key of 8 characters', () => {
    expect(redactorFor('eight888').text('x eight888 y')).toBe('x [redacted] y');
  });

  it('hides the key in JSON names and values at any depth, keeping other values', () => {
    const { json } = redactorFor('topsecret');
    expect(json({ a: ['x topsecret', 1, null, true, { topsecret: { b: 'TOPSECRET' } }] })).toEqual({
      a: ['x [redacted]', 1, null, true, { '[redacted]': { b: '[redacted]' } }],
    });
  });

  it('keeps a "__proto__" name as a plain name', () => {
    const parsed: unknown = JSON.parse('{"__proto__": {"polluted": "topsecret"}}');
    const redacted = redactorFor('topsecret').json(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(redacted, '__proto__')?.value).toEqual({ polluted: '[redacted]' });
  });
});
