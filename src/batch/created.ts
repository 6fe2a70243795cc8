import { resourceUrl } from '../scim/resource-url';
import type { ItemResult } from './results';

/** A resource the batch created: its item's result, its id, and the URL follow-up calls go to. */
export interface Created<R> {
  result: R;
  id: string;
  url: string;
}

/**
 * What the follow-ups (Deactivate, Delete, Check) can address: the items answered `201 Created`
 * (a 200 is a resource the server already had, not one the batch made) with an id and a usable URL.
 */
export function createdResources<R extends Pick<ItemResult, 'status' | 'id' | 'location'>>(endpoint: string, results: readonly R[]): Created<R>[] {
  return results.flatMap((result) => {
    const { status, id, location } = result;
    const url = status === 201 && id !== undefined ? resourceUrl(endpoint, id, location) : null;
    return url === null || id === undefined ? [] : [{ result, id, url }];
  });
}
