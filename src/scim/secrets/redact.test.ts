import { describe, expect, it } from 'vitest';
import { REDACTED, redactorFor } from './redact';

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

  it('hides the key asked for, not the one before it, when the key changes and changes back, each time alike', () => {
    const text = 'one sk-first-key-1 two sk-second-key-2';
    expect(redactorFor('sk-first-key-1').text(text)).toBe('one [redacted] two sk-second-key-2');
    expect(redactorFor('sk-second-key-2').text(text)).toBe('one sk-first-key-1 two [redacted]');
    const again = redactorFor('sk-first-key-1');
    expect([again.text(text), again.text(text)]).toEqual(['one [redacted] two sk-second-key-2', 'one [redacted] two sk-second-key-2']);
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

describe('redaction of encoded forms of the key (issue 27, L1)', () => {
  const KEY = 'sk_live/Key+9"x';
  const { text } = redactorFor(KEY);
  const utf8Hex = Buffer.from(KEY, 'utf8').toString('hex');

  it.each([
    ['base64', Buffer.from(KEY).toString('base64')],
    ['base64url', Buffer.from(KEY).toString('base64url')],
    ['base64 of user:key (HTTP Basic)', Buffer.from(`ada:${KEY}`).toString('base64')],
    ['base64 of u:key', Buffer.from(`u:${KEY}`).toString('base64')],
    ['base64 of :key', Buffer.from(`:${KEY}`).toString('base64')],
    ['URL-encoded', encodeURIComponent(KEY)],
    ['URL-encoded, every byte', [...Buffer.from(KEY)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')],
    ['hex', utf8Hex],
    ['HEX', utf8Hex.toUpperCase()],
    ['JSON-escaped', JSON.stringify(KEY).slice(1, -1)],
    ['JSON \\u-escaped, every character', [...KEY].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')],
    ['JSON \\u-escaped in part, with \\/', 'sk_\\u006cive\\/Key+9\\"x'],
  ])('hides the key written as %s', (_form, written) => {
    const shown = text(`before ${written} after`);
    expect(shown).toBe(`before ${REDACTED} after`);
  });

  it('hides the whole base64 token of Basic credentials, not just the part that spells the key', () => {
    const token = Buffer.from(`ada:${KEY}`).toString('base64');
    expect(text(`Authorization: Basic ${token}`)).toBe(`Authorization: Basic ${REDACTED}`);
  });

  it('leaves base64, hex and escapes of other text alone', () => {
    const other = 'sk_live/Key+8"x';
    const written = [Buffer.from(other).toString('base64'), Buffer.from(other).toString('hex'), encodeURIComponent(other)].join(' ');
    expect(text(written)).toBe(written);
  });

  it('hides a start of the key that a cut leaves at the end of a body, in any of its forms', () => {
    const { cutText } = redactorFor(KEY);
    expect(cutText(`{"echo":"${KEY.slice(0, 9)}`)).toBe(`{"echo":"${REDACTED}`);
    expect(cutText(`{"echo":"${encodeURIComponent(KEY).slice(0, 12)}`)).toBe(`{"echo":"${REDACTED}`);
    expect(cutText(`{"echo":"${KEY} and ${KEY.slice(0, 3)}`)).toBe(`{"echo":"${REDACTED} and ${REDACTED}`);
    expect(cutText('{"echo":"nothing of it')).toBe('{"echo":"nothing of it');
  });

  it('hides the start of the key at the end of a cut text shorter than the key itself', () => {
    const { cutText, text } = redactorFor(KEY);
    const short = `x ${KEY.slice(0, 4)}`;
    expect(short.length).toBeLessThan(KEY.length);
    expect(cutText(short)).toBe(`x ${REDACTED}`);
    expect(text(short)).toBe(short);
  });

  it('hides the key in JSON nested 100,000 deep, without running out of stack (L5)', () => {
    const depth = 100_000;
    const parsed: unknown = JSON.parse(`${'['.repeat(depth)}"${KEY.replaceAll('"', '\\"')}"${']'.repeat(depth)}`);
    let inner = redactorFor(KEY).json(parsed);
    for (let level = 0; level < depth; level++) inner = (inner as unknown[])[0];
    expect(inner).toBe(REDACTED);
  });

  it('copies the value: the JSON it was given stays as it was', () => {
    const given = { a: [KEY], [KEY]: { b: 1 } };
    const copy = redactorFor(KEY).json(given);
    expect(given).toEqual({ a: [KEY], [KEY]: { b: 1 } });
    expect(copy).toEqual({ a: [REDACTED], [REDACTED]: { b: 1 } });
  });
});
