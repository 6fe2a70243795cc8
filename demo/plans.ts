import { describeLimit } from './sandbox/shared/describe-limit';
import type { Plan } from './sandbox/shared/plan';

/** What `GET /demo/plans.json` answers: each plan's requests per rate-limit window. */
export type PlanLimits = Record<Plan, number> & { windowMs: number };

export const PLANS_PATH = '/demo/plans.json';

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
