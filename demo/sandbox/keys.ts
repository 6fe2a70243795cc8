import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const PLANS = ['free', 'pro'] as const;
export type Plan = (typeof PLANS)[number];

export function isPlan(value: unknown): value is Plan {
  return (PLANS as readonly unknown[]).includes(value);
}

export interface ApiKey {
  /** A non-secret handle for the key, safe to use as a rate-limit bucket name. */
  id: string;
  plan: Plan;
  /** Requests allowed per rate-limit window. */
  limit: number;
}

/** Issues API keys and looks them up. Only a hash of each key is kept, so a lookup leaks no timing about the key. */
export class KeyRing {
  readonly #limits: Record<Plan, number>;
  readonly #byHash = new Map<string, ApiKey>();

  constructor(limits: Record<Plan, number>) {
    this.#limits = limits;
  }

  issue(plan: Plan): { key: string; apiKey: ApiKey } {
    const key = randomBytes(32).toString('base64url');
    const apiKey: ApiKey = { id: randomUUID(), plan, limit: this.#limits[plan] };
    this.#byHash.set(hash(key), apiKey);
    return { key, apiKey };
  }

  find(key: string): ApiKey | undefined {
    return this.#byHash.get(hash(key));
  }
}

function hash(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
