import { describe, expect, it } from 'vitest';
import { retryAt, retryDelayText } from './retry-after';

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
