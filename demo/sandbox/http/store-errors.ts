import { scimError } from '../scim/scim-error';
import { Conflict, LimitExceeded, NotFound, StoreError, TenantGone } from '../store/errors';
import { unavailableDetail } from './unavailable';
import type { ResourceCollection, TenantStore } from '../store/store';

/** The SCIM error (RFC 7644 §3.12) a store's refusal answers; anything else is left as it is. */
export function scimErrorOf(error: unknown): unknown {
  if (!(error instanceof StoreError)) return error;
  if (error instanceof LimitExceeded) {
    switch (error.limit) {
      case 'resources':
        return scimError(403, `This key holds its maximum of ${error.max} Users and Groups; delete some first`);
      case 'bytes':
        return scimError(403, `This key holds its maximum of ${error.max} bytes of resources; delete some first`);
      case 'resourceBytes':
        return scimError(413, `A resource may be at most ${error.max / 1024} KB as JSON; this one is ${Math.ceil(error.wouldBe / 1024)} KB`);
    }
  }
  if (error instanceof Conflict) return scimError(409, error.message, 'uniqueness');
  if (error instanceof NotFound) return scimError(404, error.message);
  if (error instanceof TenantGone) return scimError(401, 'This key is no longer known to the sandbox');
  const unavailable = unavailableDetail(error);
  return unavailable === undefined ? scimError(500, 'Internal server error') : scimError(503, unavailable);
}

/**
 * The tenant as scimmy's handlers get it: the same store, whose refusals reach scimmy as SCIM
 * errors (scimmy 1.3.5 answers any other error of a handler with 404 "Resource … not found"),
 * each told first to `noted` (the request's, see http/unavailable.ts).
 */
export function speakingScim(tenant: TenantStore, noted: (error: unknown) => void): TenantStore {
  const translate = <A extends unknown[], R>(method: (...args: A) => Promise<R>): ((...args: A) => Promise<R>) =>
    async (...args) => {
      try {
        return await method(...args);
      } catch (error) {
        noted(error);
        throw scimErrorOf(error);
      }
    };
  const translated = <T extends object>(collection: ResourceCollection<T>): ResourceCollection<T> => ({
    get: translate(collection.get),
    getMany: translate(collection.getMany),
    has: translate(collection.has),
    create: translate(collection.create),
    replace: translate(collection.replace),
    delete: translate(collection.delete),
    count: translate(collection.count),
    page: translate(collection.page),
    batches: async function* (size) {
      try {
        yield* collection.batches(size);
      } catch (error) {
        noted(error);
        throw scimErrorOf(error);
      }
    },
  });
  return { users: translated(tenant.users), groups: translated(tenant.groups), groupsOf: translate(tenant.groupsOf) };
}
