import type { RequestHandler } from 'express';
import { authenticatedKey } from './auth';
import type { Release } from '../store/local-locks';
import type { SandboxStore } from '../store/store';

/** `/Users/{id}` or `/Groups/{id}`, as the router below `/scim/v2` sees the path. */
const ONE_RESOURCE = /^\/(?:Users|Groups)\/([^/]+)\/?$/;

/**
 * A PATCH is a read, a change and a write (scimmy reads the resource, applies the operations and
 * writes it whole), so two at once would each write what the other did not see. Each write of one
 * resource holds the store's lock of it, in every process sharing the store, until its answer is sent;
 * a write that waits `waitMs` for it fails with the store's LockTimeout (a 503, http/unavailable.ts).
 */
export function lockResource(store: SandboxStore, waitMs: number): RequestHandler {
  return async (req, res, next) => {
    const id = req.method === 'GET' ? undefined : ONE_RESOURCE.exec(req.path)?.[1];
    if (id === undefined) return next();
    // A client that goes away while the lock is awaited still has it released once it comes.
    let closed = false;
    let release: Release | undefined;
    res.once('close', () => {
      closed = true;
      void release?.();
    });
    try {
      release = await store.lock(authenticatedKey(req).id, id, waitMs);
    } catch (error) {
      next(error);
      return;
    }
    if (closed) void release();
    else next();
  };
}
