const MS_PER_UNIT = [
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
  ['millisecond', 1],
] as const;

/** `50 requests per 15 minutes`: the window in the largest unit that divides it evenly. */
export function describeLimit(limit: number, windowMs: number): string {
  const [unit, ms] = MS_PER_UNIT.find(([, unitMs]) => windowMs % unitMs === 0) ?? MS_PER_UNIT[3];
  const count = windowMs / ms;
  const window = count === 1 ? unit : new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay: 'long' }).format(count);
  return `${limit} request${limit === 1 ? '' : 's'} per ${window}`;
}
