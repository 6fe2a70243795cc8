import type { ActionTarget } from '../scim/actions/table';
import { isUser } from '../scim/records/records';
import { resourceUrl } from '../scim/http/resource-url';
import type { ItemResult } from './results';

/** A resource the batch created: its item's result, its id, the URL follow-up calls go to, and the members the batch gave it. */
export interface Created<R> {
  result: R;
  id: string;
  url: string;
  /** With Add members: the ids the batch made members of the group (none for a user). */
  memberIds: string[];
}

type CreatedFrom = Pick<ItemResult, 'record' | 'calls'>;

/** The ids a group was given as members: in its create body, or by its successful members PATCH. */
function memberIdsOf({ record, calls }: CreatedFrom): string[] {
  if (!isUser(record) && record.members?.length) return record.members.map(({ value }) => value);
  const patch = calls.find(({ purpose, ok }) => purpose === 'members' && ok)?.request.body as
    | { Operations?: { value?: { value?: unknown }[] }[] }
    | undefined;
  return (patch?.Operations ?? []).flatMap((operation) => operation.value ?? []).flatMap(({ value }) => (typeof value === 'string' ? [value] : []));
}

/**
 * What the follow-ups (the actions, Check) can address: the items whose create answered `201
 * Created` (a 200 is a resource the server already had, not one the batch made) with an id, at
 * `{endpoint}/{id}` (see resourceUrl), whatever the item's line says afterwards (a failed members
 * PATCH): the batch made it, so Delete must reach it. Which of them the batch owns, the send guard
 * knows (OwnedResources).
 */
export function createdResources<R extends CreatedFrom>(endpoint: string, results: readonly R[]): Created<R>[] {
  return results.flatMap((result) => {
    const { id, location } = result.calls.find(({ purpose, status }) => purpose === 'create' && status === 201) ?? {};
    const where = id === undefined ? undefined : resourceUrl(endpoint, id, location);
    return where === undefined || !('url' in where) || id === undefined ? [] : [{ result, id, url: where.url, memberIds: memberIdsOf(result) }];
  });
}

/** What the batch created, as the actions take it: each resource untouched yet, with its item's position. */
export function actionTargets<R extends CreatedFrom & Pick<ItemResult, 'index'>>(endpoint: string, results: readonly R[]): (ActionTarget & { index: number })[] {
  return createdResources(endpoint, results).map(({ result, id, url, memberIds }) => ({
    index: result.index,
    id,
    url,
    record: result.record,
    memberIds,
    deactivated: false,
    deleted: false,
  }));
}
