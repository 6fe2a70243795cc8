import { setImmediate as nextTurn } from 'node:timers/promises';
import SCIMMY from 'scimmy';
import type { Endpoint } from '../scim/attribute-names';
import { filterMatcher } from '../scimmy-fixes/filter-match';
import { DEFAULT_COUNT } from '../scim/default-count';
import { jsonShape } from '../scim/json-shape';
import { compareSortKeys, sortKeyOf, type SortKey } from './sort-order';
import type { ResourceCollection, Stored } from '../store/store';

/**
 * Resources a filter or sort looks at per turn of the event loop, so other requests go on meanwhile;
 * 25 of the largest (100 KB) are about 2.5 MB of JSON to parse.
 */
const BATCH = 25;
/** Resources read from the store at a time while a page fills up to its budget. */
const PAGE_CHUNK = 10;
/**
 * What scimmy 1.3.5 costs to turn a stored resource into a response, in units of about what it
 * costs to check one value of a multi-valued attribute: a resource with none costs about 20, and
 * each 2 KB of text one more (to parse, check and serialise). A page stops before it costs more than
 * PAGE_BUDGET (RFC 7644 §3.4.2.4 lets a page hold fewer resources than `count`; `itemsPerPage` says
 * how many it holds), which keeps the largest page to a few tens of milliseconds.
 */
const RESOURCE_COST = 20;
const TEXT_PER_UNIT = 2048;
const PAGE_BUDGET = 500;

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
  let read: (from: number, count: number) => Promise<Stored<T>[]>;
  if (filter === undefined && sortBy === undefined) {
    total = await collection.count();
    read = (from, count) => collection.page(offset + from, count);
  } else {
    // Deriving costs a query per resource: only when the filter or sortBy may name the attribute.
    const named = derived && [filter, sortBy].some((text) => text?.toLowerCase().includes(derived.attribute.toLowerCase()));
    const ids = await matchingIds(endpoint, collection, named ? shown : async (stored) => stored, filter, sortBy, sortOrder === 'descending');
    total = ids.length;
    read = (from, count) => collection.getMany(ids.slice(offset + from, offset + from + count));
  }
  const page = await pageWithinBudget(read, Math.min(wanted, Math.max(total - offset, 0)), startIndex, shown);
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

/**
 * Up to `wanted` resources, read PAGE_CHUNK at a time, as many as fit PAGE_BUDGET (at least one).
 * The copies paddedForScimmy may add cost as much as the first resource each, so they count too.
 */
async function pageWithinBudget<T extends object>(
  read: (from: number, count: number) => Promise<Stored<T>[]>,
  wanted: number,
  startIndex: number,
  shown: (stored: Stored<T>) => Promise<Stored<T>>,
): Promise<Stored<T>[]> {
  const page: Stored<T>[] = [];
  let spent = 0;
  let firstCost = 0;
  for (let from = 0; from < wanted; from += PAGE_CHUNK) {
    for (const stored of await read(from, Math.min(PAGE_CHUNK, wanted - from))) {
      const resource = await shown(stored);
      const cost = costOf(resource);
      firstCost ||= cost;
      const padding = startIndex > 1 && page.length + 1 >= startIndex ? startIndex * firstCost : 0;
      if (page.length > 0 && spent + cost + padding > PAGE_BUDGET) return page;
      spent += cost;
      page.push(resource);
    }
  }
  return page;
}

function costOf(resource: object): number {
  const { values, text } = jsonShape(resource);
  return RESOURCE_COST + values + Math.ceil(text / TEXT_PER_UNIT);
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
