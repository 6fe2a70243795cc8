import type SCIMMY from 'scimmy';
import type { Plan } from '../shared/plan';
import type { Release } from './local-locks';

/**
 * What the sandbox keeps, as interfaces: the SQLite store (sqlite/) is one implementation,
 * for one process; a store shared by several processes is another. Every method is asynchronous
 * for that reason, although SQLite answers at once. test-support/store-contract.ts holds every
 * implementation to the same behaviour.
 */
export interface SandboxStore {
  keys: KeyStore;
  /** The Users and Groups of one key: nothing in one tenant is reachable from another. */
  tenant(tenantId: string): TenantStore;
  /**
   * Waits until no other holder, in any process sharing the store, holds the lock of this resource,
   * and takes it: a read-modify-write (a PATCH) holds it so that none of two is lost. Waits at most
   * `waitMs`, then throws LockTimeout; a waiter holds no database connection.
   */
  lock(tenantId: string, resourceId: string, waitMs: number): Promise<Release>;
  close(): Promise<void>;
}

/** An API key as stored: only the hash of the secret, never the secret. */
export interface KeyRecord {
  /** A non-secret handle for the key; also its tenant's id. */
  id: string;
  hash: string;
  plan: Plan;
  /** The client address that asked for it, for sharing the key cap fairly between addresses. */
  address: string;
  /** Milliseconds since the epoch. */
  lastUsed: number;
}

export interface KeyStore {
  insert(key: KeyRecord): Promise<void>;
  findByHash(hash: string): Promise<KeyRecord | undefined>;
  touch(id: string, lastUsed: number): Promise<void>;
  /** Deletes the key and everything its tenant holds. */
  delete(id: string): Promise<void>;
  /** Keys used at or after `since`. */
  countUsedSince(since: number): Promise<number>;
  /** Up to `limit` keys last used before `before`, least recently used first. */
  unusedSince(before: number, limit: number): Promise<KeyRecord[]>;
  /**
   * Among keys used at or after `since`: the least recently used key of the address that holds the
   * most (of two such addresses, the one whose least recently used key is older).
   */
  leastRecentOfBusiestAddress(since: number): Promise<KeyRecord | undefined>;
}

/** A resource as scimmy hands it to an ingress handler, minus what the server assigns. */
export type UserData = Omit<SCIMMY.Schemas.User, 'id' | 'meta'>;
export type GroupData = Omit<SCIMMY.Schemas.Group, 'id' | 'meta'>;

export interface Meta {
  created: string;
  lastModified: string;
}

export type Stored<T> = T & { id: string; meta: Meta };

export interface Membership {
  /** The group's id. */
  value: string;
  display?: string;
}

export interface TenantStore {
  users: ResourceCollection<UserData>;
  groups: ResourceCollection<GroupData>;
  /** The groups that list `memberId` (a User or a Group id) directly, in the order they were last written. */
  groupsOf(memberId: string): Promise<Membership[]>;
}

/**
 * The resources of one type in one tenant, oldest first. One attribute (userName, displayName) is
 * unique, compared case-insensitively after NFKC (scim/comparison-key.ts): a repeat is a 409.
 * A write past the tenant's limits, or of a resource of more than MAX_RESOURCE_BYTES, throws
 * LimitExceeded; a taken name Conflict; a missing id NotFound; a write for a deleted key TenantGone
 * (errors.ts). Stores throw nothing of HTTP: the HTTP edge maps these (http/store-errors.ts).
 */
export interface ResourceCollection<T extends object> {
  get(id: string): Promise<Stored<T> | undefined>;
  /** The resources with these ids, in this order; ids it does not hold are left out. */
  getMany(ids: readonly string[]): Promise<Stored<T>[]>;
  has(id: string): Promise<boolean>;
  create(data: T): Promise<Stored<T>>;
  replace(id: string, data: T): Promise<Stored<T>>;
  delete(id: string): Promise<void>;
  count(): Promise<number>;
  /** `limit` resources from the `offset`-th (0-based). */
  page(offset: number, limit: number): Promise<Stored<T>[]>;
  /** Every resource, `size` at a time, so a caller can hand the event loop back between batches. */
  batches(size: number): AsyncIterable<Stored<T>[]>;
}

/** The largest resource, as JSON, the sandbox stores: express.json's default body limit, 100 KB. */
export const MAX_RESOURCE_BYTES = 100 * 1024;

export interface TenantLimits {
  maxResources: number;
  maxBytes: number;
}
