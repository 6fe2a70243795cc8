import { describe, expect, it } from 'vitest';
import type { ScimResult } from './client';
import { retryAt, retryDelayText, retryTimeOf } from './retry-after';

const RECEIVED = Date.parse('2026-11-22T09:00:00Z');

describe('retryAt', () => {
  it('adds delay-seconds to the time the response arrived', () => {
    expect(retryAt('900', RECEIVED)).toBe(RECEIVED + 900_000);
    expect(retryAt(' 0 ', RECEIVED)).toBe(RECEIVED);
  });

  it.each([
    ['IMF-fixdate', 'Sun, 22 Nov 2026 09:15:00 GMT'],
    ['RFC 850', 'Sunday, 22-Nov-26 09:15:00 GMT'],
    ['asctime', 'Sun Nov 22 09:15:00 2026'],
  ])('reads an HTTP date (%s)', (_form, header) => {
    expect(retryAt(header, RECEIVED)).toBe(Date.parse('2026-11-22T09:15:00Z'));
  });

  it.each([undefined, '', '   ', '-5', '1.5', 'soon', '1e3', 'Sun, 99 Nov 2026 09:15:00 GMT'])('gives null for %j', (header) => {
    expect(retryAt(header, RECEIVED)).toBeNull();
  });
});

describe('retryDelayText', () => {
  it.each([
    [900, 'in 15 minutes'],
    [899.2, 'in 15 minutes'],
    [61, 'in 2 minutes'],
    [60, 'in 1 minute'],
    [59, 'in 59 seconds'],
    [1, 'in 1 second'],
    [0.2, 'in 1 second'],
    [5400, 'in 90 minutes'],
    [7200, 'in 2 hours'],
    [3 * 86400, 'in 3 days'],
  ])('%s s ahead reads "%s"', (seconds, text) => {
    expect(retryDelayText(RECEIVED + seconds * 1000, RECEIVED)).toBe(text);
  });

  it('reads "now" once the time has come or passed', () => {
    expect(retryDelayText(RECEIVED, RECEIVED)).toBe('now');
    expect(retryDelayText(RECEIVED - 5000, RECEIVED)).toBe('now');
  });
});

describe('retryTimeOf', () => {
  const answered = (retryAfter: string) =>
    ({
      status: 429,
      statusText: 'Too Many Requests',
      ok: false,
      startedAt: new Date(RECEIVED).toISOString(),
      durationMs: 0,
      request: { method: 'POST', url: 'https://scim.example.com/scim/v2/Users', headers: {} },
      response: { status: 429, statusText: 'Too Many Requests', headers: { 'retry-after': retryAfter }, waitMs: 0 },
    }) satisfies ScimResult;

  it('gives the time and delay the server named', () => {
    expect(retryTimeOf(answered('900'))).toEqual({ time: RECEIVED + 900_000, delay: 'in 15 minutes' });
  });

  it.each(['9000000000000', '9'.repeat(400), 'Fri, 31 Dec 9999 23:59:59 GMT', String(8 * 86400)])(
    'caps Retry-After: %s at a week, a time any browser can show, and says so (M1)',
    (header) => {
      const retry = retryTimeOf(answered(header));
      expect(retry).toMatchObject({ time: RECEIVED + 7 * 86400_000, delay: 'in more than 7 days' });
      expect(new Date(retry?.time ?? NaN).toISOString()).toBe('2026-11-29T09:00:00.000Z');
      expect(header.startsWith((retry?.capped ?? '').replace(/…$/, ''))).toBe(true);
      expect(retry?.capped?.length).toBeLessThanOrEqual(24);
    },
  );
});
