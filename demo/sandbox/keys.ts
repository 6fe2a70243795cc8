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

export interface KeyRingOptions {
  limits: Record<Plan, number>;
  /** A key unused for this many milliseconds expires. */
  idleMs: number;
  /** Most live keys held at once. */
  maxKeys: number;
  /** The clock, in milliseconds; injectable for tests. */
  now?: () => number;
}

interface HeldKey {
  apiKey: ApiKey;
  lastUsed: number;
}

/**
 * Issues API keys and looks them up. Only a hash of each key is kept, so a lookup leaks no timing about the key.
 * Keys expire when idle; expired keys are dropped lazily, on lookup and before each issue, so no timer keeps the process alive.
 */
export class KeyRing {
  readonly #options: KeyRingOptions;
  readonly #now: () => number;
  readonly #byHash = new Map<string, HeldKey>();

  constructor(options: KeyRingOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  get maxKeys(): number {
    return this.#options.maxKeys;
  }

  /** A new key, or undefined when the ring holds `maxKeys` live keys. */
  issue(plan: Plan): { key: string; apiKey: ApiKey } | undefined {
    this.#sweep();
    if (this.#byHash.size >= this.#options.maxKeys) return undefined;
    const key = randomBytes(32).toString('base64url');
    const apiKey: ApiKey = { id: randomUUID(), plan, limit: this.#options.limits[plan] };
    this.#byHash.set(hash(key), { apiKey, lastUsed: this.#now() });
    return { key, apiKey };
  }

  /** The key's record, refreshing its idle time; undefined for unknown and expired keys. */
  find(key: string): ApiKey | undefined {
    const keyHash = hash(key);
    const held = this.#byHash.get(keyHash);
    if (!held) return undefined;
    const now = this.#now();
    if (this.#expired(held, now)) {
      this.#byHash.delete(keyHash);
      return undefined;
    }
    held.lastUsed = now;
    return held.apiKey;
  }

  /** Milliseconds until the oldest idle key expires, which frees a place under the cap. */
  msUntilNextExpiry(): number {
    const now = this.#now();
    let soonest = this.#options.idleMs;
    for (const held of this.#byHash.values()) soonest = Math.min(soonest, held.lastUsed + this.#options.idleMs - now);
    return Math.max(soonest, 0);
  }

  #expired(held: HeldKey, now: number): boolean {
    return now - held.lastUsed >= this.#options.idleMs;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [keyHash, held] of this.#byHash) if (this.#expired(held, now)) this.#byHash.delete(keyHash);
  }
}

function hash(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
