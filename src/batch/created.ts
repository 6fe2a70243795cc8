import { resourceUrl } from '../scim/resource-url';
import type { ItemResult } from './results';

/** A resource the batch created: its item's result, its id, and the URL follow-up calls go to. */
export interface Created<R> {
  result: R;
  id: string;
  url: string;
}

/** What the follow-ups (Deactivate, Delete, Check) can address: the items created with an id and a usable URL. */
export function createdResources<R extends Pick<ItemResult, 'ok' | 'id' | 'location'>>(
  { baseUrl, endpoint }: { baseUrl: string; endpoint: string },
  results: readonly R[],
): Created<R>[] {
  return results.flatMap((result) => {
    const { ok, id, location } = result;
    const url = ok && id !== undefined ? resourceUrl(baseUrl, endpoint, id, location) : null;
    return url === null || id === undefined ? [] : [{ result, id, url }];
  });
}
