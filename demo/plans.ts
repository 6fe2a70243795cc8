import type { Plan } from './sandbox/keys';

/** What `GET /demo/plans.json` answers: each plan's requests per rate-limit window. */
export type PlanLimits = Record<Plan, number> & { windowMs: number };

export const PLANS_PATH = '/demo/plans.json';

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

export function isPlanLimits(value: unknown): value is PlanLimits {
  if (typeof value !== 'object' || value === null) return false;
  const { free, pro, windowMs } = value as Record<string, unknown>;
  return [free, pro, windowMs].every((number) => Number.isSafeInteger(number) && (number as number) > 0);
}

/** Fills every `[data-plan-limit="free|pro"]` with that plan's limit, as the demo server reports it. */
export async function showPlanLimits(root: ParentNode, fetchJson: typeof fetch = fetch): Promise<PlanLimits | null> {
  let limits: unknown;
  try {
    const response = await fetchJson(PLANS_PATH);
    limits = response.ok ? await response.json() : null;
  } catch {
    limits = null;
  }
  const known = isPlanLimits(limits) ? limits : null;
  root.querySelectorAll<HTMLElement>('[data-plan-limit]').forEach((element) => {
    const plan = element.dataset.planLimit;
    if (plan !== 'free' && plan !== 'pro') return;
    element.textContent = known ? describeLimit(known[plan], known.windowMs) : 'limit unknown';
  });
  return known;
}
