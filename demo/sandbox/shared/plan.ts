/** The sandbox's key plans, each with its own request limit (keys/key-ring.ts). */
export const PLANS = ['free', 'pro'] as const;
export type Plan = (typeof PLANS)[number];

export function isPlan(value: unknown): value is Plan {
  return (PLANS as readonly unknown[]).includes(value);
}
