import { queryUrl } from '../query-url';
import { bodyOf } from '../list-response';
import { sameIgnoringCase } from '../lookup';
import { answered, listOf, passed, type Check, type CheckContext, type CheckVerdict } from './check';

/** Looks up `filter` and expects exactly the target's id (RFC 7644 §3.4.2.2). */
export async function findsTarget(context: CheckContext, filter: string, why = ''): Promise<CheckVerdict> {
  const { id } = context.target;
  const call = await context.send({ method: 'GET', url: queryUrl(context.urls.endpoint, [['filter', filter]]) });
  const list = listOf(call);
  const expected = `Expected ${filter} to find exactly id ${id}${why}`;
  if ('notList' in list) return { fail: `${expected}, but ${list.notList}.` };
  const ids = list.resources.map((resource) => resource.id);
  if (list.total === 1 && ids.length === 1 && ids[0] === id) return passed;
  return { fail: `${expected}, got totalResults ${list.total} and ids [${ids.join(', ')}] (${answered(call)}).` };
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
      return { fail: `Expected 200 with ${attribute} ${JSON.stringify(expected)}, got ${answered(call)} with ${attribute} ${JSON.stringify(shown)}.` };
    },
  };
}
