import { bodyOf } from '../http/list-response';
import { sameIgnoringCase } from '../flows/lookup';
import { resourceUrl } from '../http/resource-url';
import { deleteOwn } from './delete-own';
import { exchange, passed, type Check, type CheckContext, type CheckVerdict } from './check';

const EXPECTED = 'Expected 409 with scimType uniqueness';

/**
 * What a 2xx to the duplicate POST made, and whether Check may delete it: only a resource that is
 * new (201, an id no earlier call named), that the answer places at its own URL under base-url, and
 * that a GET shows holding the name Check sent. Anything else is named, and left for the reader.
 */
async function madeAnyway(context: CheckContext, attribute: 'userName' | 'displayName', sent: string, earlier: ReadonlySet<string>, call: Awaited<ReturnType<CheckContext['send']>>): Promise<CheckVerdict> {
  const { target, urls } = context;
  const noun = attribute === 'userName' ? 'user' : 'group';
  const post = exchange(call);
  if (call.id !== undefined && (call.id === target.id || earlier.has(call.id))) {
    return { fail: `${EXPECTED}; ${post} with the existing ${noun} (id ${call.id}) instead of 409. Nothing was deleted.` };
  }
  if (call.status !== 201 || call.id === undefined) {
    return { fail: `${EXPECTED}; ${post}${call.id === undefined ? ' without an id' : ` with id ${call.id}`} instead of 409. Nothing was deleted: look for a second ${noun} ${JSON.stringify(sent)} on the server.` };
  }
  // `{endpoint}/{id}`, as for every follow-up: the only URL Check deletes a duplicate at.
  const where = resourceUrl(urls.endpoint, call.id, call.location);
  if ('refused' in where) {
    return { fail: `${EXPECTED}; ${post}, but ${where.refused}. Nothing was deleted: look at the server.` };
  }
  const { url } = where;
  const read = await context.send({ method: 'GET', url });
  const shown = bodyOf(read)?.[attribute];
  if (read.status !== 200 || !sameIgnoringCase(shown, sent)) {
    return { fail: `${EXPECTED}; ${post} with id ${call.id}, but ${exchange(read)}${read.ok ? ` with ${attribute} ${JSON.stringify(shown)}` : ''}, not the ${attribute} Check sent. Nothing was deleted: look at the server.` };
  }
  const left = await deleteOwn(context, url, noun);
  return { fail: `${EXPECTED}; ${post} and made a second ${noun} ${JSON.stringify(sent)} (id ${call.id}), ${left ?? 'which Check deleted (a GET then answered 404)'}.` };
}

/** The POST of the batch's record with `attribute` as `sent`, expecting 409 uniqueness; what the server made anyway is named, and deleted only once proven Check's. */
async function refused(context: CheckContext, attribute: 'userName' | 'displayName', sent: string, same: string): Promise<CheckVerdict> {
  const earlier = context.namedIds();
  const call = await context.send({ method: 'POST', url: context.urls.endpoint, body: { ...context.target.record, [attribute]: sent } });
  if (call.status === 409 && call.scimType === 'uniqueness') return passed;
  if (!call.ok) return { fail: `${EXPECTED}; the POST of ${same}: ${exchange(call)}.` };
  return madeAnyway(context, attribute, sent, earlier, call);
}

/**
 * POSTs the batch's record again and expects 409 with scimType uniqueness (RFC 7644 §3.3): Okta
 * and Entra rely on it for users, and Entra requires group names to be unique.
 */
export function duplicateCheck(attribute: 'userName' | 'displayName'): Check {
  const noun = attribute === 'userName' ? 'user' : 'group';
  return {
    id: 'duplicate',
    name: `Refuse a duplicate ${attribute}`,
    source:
      attribute === 'userName'
        ? 'RFC 7644 §3.3 (409, scimType uniqueness; RFC 7643 §4.1.1 makes userName unique); Okta and Entra rely on it'
        : "Entra requires unique group names, answered as RFC 7644 §3.3 says (409, scimType uniqueness); RFC 7643 §8.7.1 itself leaves displayName's uniqueness to the server",
    // A group's record names its members: the POST needs them as the batch left them.
    uses: ({ memberIds }) => memberIds,
    run: (context) => refused(context, attribute, Reflect.get(context.target.record, attribute) as string, `the same ${noun}`),
  };
}

/** The user's userName with its case changed: upper-cased, or lower-cased when it already is. */
const otherCase = (userName: string) => (userName === userName.toUpperCase() ? userName.toLowerCase() : userName.toUpperCase());

/**
 * POSTs the batch's user with its userName in another case and expects 409 uniqueness: userName is
 * unique and caseExact false (RFC 7643 §4.1.1), so a server that takes it would answer a lookup with
 * two users, where Entra and Okta stop.
 */
export const caseVariantDuplicate: Check = {
  id: 'duplicate-case',
  name: 'Refuse a userName differing only in case',
  source: 'RFC 7643 §4.1.1; RFC 7644 §3.3',
  run: (context) => refused(context, 'userName', otherCase(Reflect.get(context.target.record, 'userName') as string), 'the same user with its userName in another case'),
};
