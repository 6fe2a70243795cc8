import { describe, expect, it } from 'vitest';
import { describeLimit } from './describe-limit';

describe('describeLimit', () => {
  it('names the window in the largest unit that divides it', () => {
    expect(describeLimit(50, 15 * 60_000)).toBe('50 requests per 15 minutes');
    expect(describeLimit(1000, 2 * 3_600_000)).toBe('1000 requests per 2 hours');
    expect(describeLimit(20, 60_000)).toBe('20 requests per minute');
    expect(describeLimit(1, 90_000)).toBe('1 request per 90 seconds');
    expect(describeLimit(5, 1_500)).toBe('5 requests per 1,500 milliseconds');
  });
});
