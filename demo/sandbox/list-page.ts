import { setImmediate as nextTurn } from 'node:timers/promises';
import SCIMMY from 'scimmy';
import type { Endpoint } from './attribute-names';
import { filterMatcher } from './filter-match';
import { jsonShape } from './json-shape';
import { compareSortKeys, sortKeyOf, type SortKey } from './sort-order';
import type { ResourceCollection, Stored } from './store';

/** A page's size when the request names none: scimmy's ListResponse default. */
export const DEFAULT_COUNT = 20;
/** Resources a filter or sort looks at per turn of the event loop, so other requests go on meanwhile. */
const BATCH = 100;
/**
 * What scimmy 1.3.5 costs to turn a stored resource into a response, in units of one value of a
 * multi-valued attribute (about 0.05 ms): a resource with none costs about 20. A page stops before
 * it costs more than PAGE_BUDGET, so no page blocks the process for long (RFC 7644 §3.4.2.4 lets a
 * page hold fewer resources than `count`; `itemsPerPage` says how many it holds).
 */
const RESOURCE_COST = 20;
const PAGE_BUDGET = 1000;

/** An attribute a resource shows but the store does not hold: a user's groups (RFC 7643 §4.1.2). */
export interface Derived<T> {
  attribute: string;
  add(stored: Stored<T>): Promise<Stored<T>>;
}

/**
 * The page of a list request (GET /Users, POST /Groups/.search, …) as an egress handler answers it:
 * only the page is read from the store and shown, never every resource. With a filter or sortBy,
 * every resource is looked at, BATCH at a time, but only the ids (and sort keys) of the matches
 * are kept. `derived` adds what a listed resource shows beyond what is stored (a user's groups).
 */
export async function listPage<T extends object>(
  resource: SCIMMY.Types.Resource,
  endpoint: Endpoint,
  collection: ResourceCollection<T>,
  derived?: Derived<T>,
): Promise<Stored<T>[]> {
  const shown = derived?.add ?? (async (stored: Stored<T>) => stored);
  const { startIndex = 1, count = DEFAULT_COUNT, sortBy, sortOrder } = resource.constraints ?? {};
  const wanted = Math.min(count, (SCIMMY.Config.get() as { filter: { maxResults: number } }).filter.maxResults);
  const offset = startIndex - 1;
  const filter = resource.filter?.expression;
  let total: number;
  let candidates: Stored<T>[];
  if (filter === undefined && sortBy === undefined) {
    total = await collection.count();
    candidates = await collection.page(offset, wanted);
  } else {
    // Deriving costs a query per resource: only when the filter or sortBy may name the attribute.
    const named = derived && [filter, sortBy].some((text) => text?.toLowerCase().includes(derived.attribute.toLowerCase()));
    const ids = await matchingIds(endpoint, collection, named ? shown : async (stored) => stored, filter, sortBy, sortOrder === 'descending');
    total = ids.length;
    candidates = await collection.getMany(ids.slice(offset, offset + wanted));
  }
  const page = withinBudget(await Promise.all(candidates.map(shown)));
  // scimmy builds the ListResponse from these after egress returns; sortBy is left out as the page is sorted.
  resource.constraints = { startIndex, count: page.length, totalResults: total } as typeof resource.constraints;
  return paddedForScimmy(page, startIndex, total);
}

async function matchingIds<T extends object>(
  endpoint: Endpoint,
  collection: ResourceCollection<T>,
  shown: (stored: Stored<T>) => Promise<Stored<T>>,
  filter: string | undefined,
  sortBy: string | undefined,
  descending: boolean,
): Promise<string[]> {
  const matches = filter === undefined ? () => true : filterMatcher(endpoint, filter);
  const found: { id: string; key?: SortKey }[] = [];
  for await (const batch of collection.batches(BATCH)) {
    for (const stored of batch) {
      const resource = await shown(stored);
      if (matches(resource)) found.push({ id: resource.id, ...(sortBy === undefined ? {} : { key: sortKeyOf(resource, sortBy) }) });
    }
    await nextTurn();
  }
  if (sortBy !== undefined) {
    found.sort((a, b) => compareSortKeys(a.key as SortKey, b.key as SortKey));
    if (descending) found.reverse();
  }
  return found.map(({ id }) => id);
}

/** The first resources of `page` that fit PAGE_BUDGET; at least one. */
function withinBudget<T>(page: T[]): T[] {
  let spent = 0;
  const fitting = page.findIndex((resource, index) => {
    spent += RESOURCE_COST + jsonShape(resource).values;
    return index > 0 && spent > PAGE_BUDGET;
  });
  return fitting === -1 ? page : page.slice(0, fitting);
}

/**
 * What to hand scimmy 1.3.5 for it to show `page` as the page at `startIndex` of `total`. Its
 * ListResponse assumes it was given every resource up to the page, and drops the first
 * startIndex - 1 of those it gets, unless they number exactly total - startIndex + 1 (the rest of
 * the list). So when it would drop some of the page, the page goes after startIndex - 1 copies of
 * its first resource for scimmy to drop instead, and one more at the end (cut by `count`) where the
 * copies would make exactly that number.
 */
export function paddedForScimmy<T>(page: T[], startIndex: number, total: number): T[] {
  const dropsFrom = (length: number) => length >= startIndex && total !== length + startIndex - 1;
  const [first] = page;
  if (first === undefined || !dropsFrom(page.length)) return page;
  const padded = [...Array<T>(startIndex - 1).fill(first), ...page];
  return dropsFrom(padded.length) ? padded : [...padded, first];
}
