import { bodyOf } from '../http/list-response';
import { resourceUrl } from '../http/resource-url';
import type { ScimGroup, ScimRecord } from '../records/schemas';
import { isUser } from '../records/records';
import { exchange, type Check, type CheckContext, type CheckVerdict } from './check';
import { deleteOwn } from './delete-own';
import { findsTarget } from './shared-checks';

// Values real directories hold and generated ones never do: plus addressing, an apostrophe, a letter
// outside ASCII, a group name with the filter grammar's own words and a quote in it (RFC 7644
// §3.4.2.2: a filter's value is a JSON string, so none of these may change what it finds).

/** A suffix no earlier run used, so that a run that could not delete its resource does not fail the next. */
const fresh = () => crypto.randomUUID().slice(0, 8);

/**
 * POSTs `record`, expects 201 with a new id, finds it by `filter` (the one attribute, `name`, whose
 * value no other resource has), then deletes it at `{endpoint}/{id}` and reads it back. It is Check's own, and deleted,
 * only when the id is new and the lookup found it, or a GET of it shows the value sent; anything else
 * is named, and nothing deleted.
 */
async function createFindDelete(context: CheckContext, record: ScimRecord, name: 'userName' | 'displayName', filter: string): Promise<CheckVerdict> {
  const earlier = context.namedIds();
  const sent = Reflect.get(record, name) as string;
  const post = await context.send({ method: 'POST', url: context.urls.endpoint, body: record });
  if (post.status !== 201 || post.id === undefined) return { fail: `Expected 201 with an id; ${exchange(post)}.` };
  if (post.id === context.target.id || earlier.has(post.id)) return { fail: `Expected 201 with a new id; ${exchange(post)} with id ${post.id}, an existing resource's. Nothing was deleted.` };
  // `{endpoint}/{id}`, by the one rule every write follows (resourceUrl): no follow-up for an id or a location that names no one resource of its own.
  const where = resourceUrl(context.urls.endpoint, post.id, post.location);
  if ('refused' in where) return { fail: `Expected 201 with an id of its own; ${exchange(post)}, but ${where.refused}. Nothing was deleted: look at the server.` };
  const { url } = where;
  const found = await findsTarget(context, filter, { id: post.id });
  if ('fail' in found) {
    const read = await context.send({ method: 'GET', url });
    if (read.status !== 200 || bodyOf(read)?.[name] !== sent) return { fail: `${found.fail} Nothing was deleted: ${exchange(read)}.` };
  }
  const left = await deleteOwn(context, url, name === 'userName' ? 'user' : 'group');
  const what = left === undefined ? '' : ` Check made it, and ${left}.`;
  if ('fail' in found) return { fail: `${found.fail}${what}` };
  return left === undefined ? found : { fail: `Found, but${what}` };
}

/** A user as a real directory holds one: `zoë.o'brien+scim-1a2b3c4d@…`, on the batch's domain. */
export const realUserName: Check = {
  id: 'real-username',
  name: "Find a userName such as zoë.o'brien+scim@…",
  source: 'RFC 7644 §3.4.2.2; RFC 7643 §4.1.1',
  needs: 'filter',
  run(context) {
    const { record } = context.target;
    if (!isUser(record)) throw new Error('A user check needs a user');
    const domain = record.userName.split('@')[1] ?? 'example.com';
    const local = `o'brien+scim-${fresh()}@${domain}`;
    const userName = `zoë.${local}`;
    // The batch's own record (what the server took), as this person: no externalId, which a server may hold unique.
    const { externalId: _externalId, ...rest } = record;
    // Her e-mail in ASCII (RFC 5321 §4.1.2's atext has the apostrophe and the plus, not ë): a server that checks e-mail
    // addresses that strictly takes it, and the check stays about userName.
    const person = { userName, name: { givenName: 'Zoë', familyName: "O'Brien" }, emails: [{ value: `zoe.${local}`, type: 'work', primary: true }] };
    const user = { ...rest, ...person, ...(record.displayName === undefined ? {} : { displayName: "Zoë O'Brien" }) };
    return createFindDelete(context, user, 'userName', `userName eq ${JSON.stringify(userName)}`);
  },
};

/** A group named as departments are: `Research and Development, or "R&D" 1a2b3c4d`. */
export const realGroupName: Check = {
  id: 'real-group-name',
  name: 'Find a displayName with " and ", " or ", a quote and &',
  source: 'RFC 7644 §3.4.2.2',
  needs: 'filter',
  run(context) {
    const displayName = `Research and Development, or "R&D" ${fresh()}`;
    // The batch's own record (what the server took), without members or externalId: a group of nobody.
    const { externalId: _externalId, members: _members, ...rest } = context.target.record as ScimGroup;
    return createFindDelete(context, { ...rest, displayName }, 'displayName', `displayName eq ${JSON.stringify(displayName)}`);
  },
};
