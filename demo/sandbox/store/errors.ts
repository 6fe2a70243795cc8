/**
 * What a store refuses, in the store's own words. Stores know nothing of HTTP or SCIM: the HTTP
 * edge (http/store-errors.ts) turns each of these into its SCIM error.
 */
export class StoreError extends Error {}

/** Which limit a write would pass: the tenant's resources or bytes, or one resource's size. */
export type Limit = 'resources' | 'bytes' | 'resourceBytes';

export class LimitExceeded extends StoreError {
  constructor(
    readonly limit: Limit,
    readonly max: number,
    /** What the write would make it (for resourceBytes: the resource's size). */
    readonly wouldBe: number,
  ) {
    super(`The ${limit} limit of ${max} would be passed (${wouldBe})`);
  }
}

/** The unique attribute (userName, displayName) is taken by another resource of the tenant. */
export class Conflict extends StoreError {
  constructor(
    readonly attribute: string,
    readonly value: string,
  ) {
    super(`${attribute} "${value}" is already taken`);
  }
}

export class NotFound extends StoreError {
  constructor(
    readonly resourceType: string,
    readonly id: string,
  ) {
    super(`${resourceType} ${id} not found`);
  }
}

/** The tenant's key was deleted (it expired or was evicted) while a request of it was under way. */
export class TenantGone extends StoreError {
  constructor(readonly tenantId: string) {
    super(`Tenant ${tenantId} is gone`);
  }
}

/** A service the store (or the rate limits) depends on, PostgreSQL or Redis, did not answer: the request may be tried again. */
export class Unavailable extends StoreError {
  constructor(
    readonly service: 'PostgreSQL' | 'Redis',
    cause: unknown,
  ) {
    super(`${service} is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** A lock was not taken within the store's bound on waiting, because others held it or waited before. */
export class LockTimeout extends StoreError {
  constructor(
    readonly name: string,
    readonly waitedMs: number,
  ) {
    super(`The lock of ${name} was not free within ${waitedMs} ms`);
  }
}
