import { queryUrl } from '../http/query-url';
import { bodyOf } from '../http/list-response';
import { sameIgnoringCase } from '../flows/lookup';
import { answered, exchange, listOf, passed, type Check, type CheckContext, type CheckVerdict } from './check';

interface Lookup {
  /** Why the target must be found, appended to the expectation (`, since userName is caseExact false`). */
  why?: string;
  /** Query parameters sent before the filter. */
  query?: [string, string][];
  /** What else the one resource found must be, as a clause when it is not (`it lists members`). */
  besides?(resource: Record<string, unknown>): string | undefined;
}

/** Looks up `filter` and expects exactly the target's id (RFC 7644 §3.4.2.2). */
export async function findsTarget(context: CheckContext, filter: string, { why = '', query = [], besides }: Lookup = {}): Promise<CheckVerdict> {
  const { id } = context.target;
  const call = await context.send({ method: 'GET', url: queryUrl(context.urls.endpoint, [...query, ['filter', filter]]) });
  const list = listOf(call);
  const expected = `Expected ${filter} to find exactly id ${id}${why}`;
  if ('notList' in list) return { fail: `${expected}, but ${call.ok ? list.notList : exchange(call)}.` };
  const ids = list.resources.map((resource) => resource.id);
  if (list.total !== 1 || ids.length !== 1 || ids[0] !== id) return { fail: `${expected}, got totalResults ${list.total} and ids [${ids.join(', ')}] (${answered(call)}).` };
  const otherwise = list.resources[0] && besides?.(list.resources[0]);
  return otherwise ? { fail: `${expected}, but ${otherwise} (${exchange(call)}).` } : passed;
}

/** GET the resource and expect 200 with the record's `attribute` (RFC 7644 §3.4.1). */
export function readBack(noun: string, attribute: 'userName' | 'displayName'): Check {
  return {
    id: 'read-back',
    name: `Read back the created ${noun}`,
    source: 'RFC 7644 §3.4.1',
    async run(context) {
      const expected: unknown = Reflect.get(context.target.record, attribute);
      const call = await context.send({ method: 'GET', url: context.target.url });
      const shown = bodyOf(call)?.[attribute];
      if (call.status === 200 && sameIgnoringCase(shown, expected)) return passed;
      return { fail: `Expected 200 with ${attribute} ${JSON.stringify(expected)}; ${exchange(call)} with ${attribute} ${JSON.stringify(shown)}.` };
    },
  };
}
