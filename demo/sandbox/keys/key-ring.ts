import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Plan } from '../shared/plan';
import type { KeyRecord, KeyStore, SandboxStore } from '../store/store';

export interface ApiKey {
  /** A non-secret handle for the key, safe to use as a rate-limit bucket name; also its tenant's id. */
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
  /** Milliseconds an issue waits for the store's lock of the key cap, held by other issues. */
  lockWaitMs: number;
  /** The clock, in milliseconds; injectable for tests. */
  now?: () => number;
}

/** The store lock held while a key is issued: no tenant's id is empty. */
const CAP_LOCK = { tenant: '', resource: 'live keys' };

/** Expired keys deleted before each issue, at most: each takes its tenant's data with it. */
const SWEEP_BATCH = 10;

/**
 * Issues API keys and looks them up in the store, which keeps only a hash of each key, so a lookup
 * leaks no timing about the key. Keys expire when idle; expired keys are dropped lazily, on lookup
 * and a few before each issue, so no timer keeps the process alive.
 *
 * The cap on live keys is shared fairly: at the cap, a new key evicts the least recently used key
 * of the address that holds the most keys. So however many keys a few addresses take, a new
 * visitor always gets one, and only the addresses holding the most lose theirs.
 */
export class KeyRing {
  readonly #store: KeyStore;
  readonly #lock: SandboxStore['lock'];
  readonly #options: KeyRingOptions;
  readonly #now: () => number;

  constructor({ keys, lock }: Pick<SandboxStore, 'keys' | 'lock'>, options: KeyRingOptions) {
    this.#store = keys;
    this.#lock = lock;
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** A new key for a client at `address`. */
  async issue(plan: Plan, address: string): Promise<{ key: string; apiKey: ApiKey }> {
    // Counting the live keys and inserting one is one step for every process sharing the store, so the cap holds.
    const release = await this.#lock(CAP_LOCK.tenant, CAP_LOCK.resource, this.#options.lockWaitMs);
    try {
      return await this.#issue(plan, address);
    } finally {
      await release();
    }
  }

  async #issue(plan: Plan, address: string): Promise<{ key: string; apiKey: ApiKey }> {
    const now = this.#now();
    const liveSince = now - this.#options.idleMs;
    for (const expired of await this.#store.unusedSince(liveSince, SWEEP_BATCH)) await this.#store.delete(expired.id);
    if ((await this.#store.countUsedSince(liveSince)) >= this.#options.maxKeys) {
      const evicted = await this.#store.leastRecentOfBusiestAddress(liveSince);
      if (evicted) await this.#store.delete(evicted.id);
    }
    const key = randomBytes(32).toString('base64url');
    const record: KeyRecord = { id: randomUUID(), hash: hash(key), plan, address, lastUsed: now };
    await this.#store.insert(record);
    return { key, apiKey: this.#apiKey(record) };
  }

  /** The key's record, refreshing its idle time; undefined for unknown, expired and evicted keys. */
  async find(key: string): Promise<ApiKey | undefined> {
    const record = await this.#store.findByHash(hash(key));
    if (!record) return undefined;
    const now = this.#now();
    if (now - record.lastUsed >= this.#options.idleMs) {
      await this.#store.delete(record.id);
      return undefined;
    }
    await this.#store.touch(record.id, now);
    return this.#apiKey(record);
  }

  #apiKey({ id, plan }: KeyRecord): ApiKey {
    return { id, plan, limit: this.#options.limits[plan] };
  }
}

function hash(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
