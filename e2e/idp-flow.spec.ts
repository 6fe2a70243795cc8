import { expect, test } from './support/fault-page';
import { IGNORED_FILTER_USER, LOOKUP_400_DETAIL, MATCHED_ID, type RecordedRequest } from './support/fault-server';

// flow="idp": each item in its IdP's request sequence, in Chromium against a server that records
// what it receives and when.

const notPreflight = (requests: RecordedRequest[]) => requests.filter(({ method }) => method !== 'OPTIONS');
const query = ({ url }: RecordedRequest) => new URL(url, 'http://x').searchParams;
/** The userName a POST created, or a lookup's filter looked for. */
const userNameOf = (request: RecordedRequest) =>
  request.method === 'POST' ? (JSON.parse(request.body) as { userName: string }).userName : (JSON.parse(query(request).get('filter')?.replace(/^userName eq /, '') ?? 'null') as string);

test('Entra users: the ten lookups go out together, and each POST follows its lookup, answered first', async ({ host, faults }) => {
  await host.mount({ profile: 'entra', 'base-url': faults.baseUrl('ok') });
  await host.pressAndSettle();
  const requests = notPreflight(faults.requests);
  const lookups = requests.filter(({ method }) => method === 'GET');
  const posts = requests.filter(({ method }) => method === 'POST');
  expect([lookups.length, posts.length, requests.length]).toEqual([10, 10, 20]);
  expect(lookups.every((request) => query(request).get('filter')?.startsWith('userName eq "'))).toBe(true);
  for (const post of posts) {
    const lookup = lookups.find((request) => userNameOf(request) === userNameOf(post));
    expect(lookup, `a lookup for ${userNameOf(post)}`).toBeDefined();
    expect(lookup?.answeredAt ?? Infinity).toBeLessThanOrEqual(post.receivedAt);
  }
  // Together: the page started every lookup before any answer came back (the browser may queue
  // them on its six connections, so they need not reach the server at once).
  const { calls } = await host.lastComplete();
  const started = calls.filter(({ purpose }) => purpose === 'lookup').map(({ startedAt }) => Date.parse(startedAt));
  const answered = calls.filter(({ purpose }) => purpose === 'lookup').map(({ startedAt, durationMs }) => Date.parse(startedAt) + durationMs);
  expect(started).toHaveLength(10);
  expect(Math.max(...started)).toBeLessThanOrEqual(Math.min(...answered));
  const lines = await host.readLines();
  expect(lines.filter(({ part }) => part === 'result success')).toHaveLength(10);
});

test('a failed lookup and a matching one: no POST for those two, ten lines, exactly one error', async ({ host, faults }) => {
  await host.mount({ profile: 'entra', 'base-url': faults.baseUrl('lookup-mixed') });
  await host.pressAndSettle();
  expect(faults.posts()).toHaveLength(8);
  const lines = await host.readLines();
  expect(lines).toHaveLength(10);
  const errors = lines.filter(({ part }) => part === 'result error');
  expect(errors).toHaveLength(1);
  expect(errors[0]?.status).toBe('400');
  expect(errors[0]?.text).toContain(LOOKUP_400_DETAIL);
  expect(errors[0]?.text).toMatch(/Lookup GET \/Users\?filter=userName eq "[^"]+" answered 400 invalidFilter: Entra would stop here/);
  const matched = lines.filter(({ text }) => text.includes(`Already exists as id ${MATCHED_ID}: Entra would update it`));
  expect(matched).toHaveLength(1);
  expect(matched[0]?.part).toBe('result success');
});

test('a server that ignores filter: ten error lines saying so, nothing created, no POST (issue 36, F2)', async ({ host, faults }) => {
  await host.mount({ profile: 'entra', 'base-url': faults.baseUrl('lookup-ignores-filter') });
  await host.pressAndSettle();
  expect(faults.posts()).toHaveLength(0);
  const lines = await host.readLines();
  expect(lines).toHaveLength(10);
  expect(lines.every(({ part }) => part === 'result error')).toBe(true);
  const verdict = `answered a user with another userName (${JSON.stringify(IGNORED_FILTER_USER)}): the server ignored the filter; Entra would take it for this user and update it instead of creating one`;
  expect(lines.every(({ text }) => text.includes(verdict))).toBe(true);
});

test('Okta users: the lookup carries startIndex and count, and a 404 still leads to the POST', async ({ host, faults }) => {
  await host.mount({ profile: 'okta', 'base-url': faults.baseUrl('lookup-404') });
  await host.pressAndSettle();
  const lookups = notPreflight(faults.requests).filter(({ method }) => method === 'GET');
  expect(lookups).toHaveLength(10);
  for (const lookup of lookups) {
    expect([...query(lookup).keys()]).toEqual(['filter', 'startIndex', 'count']);
    expect([query(lookup).get('startIndex'), query(lookup).get('count')]).toEqual(['1', '100']);
    expect(lookup.url).toContain('filter=userName%20eq%20%22');
  }
  expect(faults.posts()).toHaveLength(10);
  expect((await host.readLines()).every(({ status }) => status === '201')).toBe(true);
});

test('Entra groups with members: a lookup without members, an empty POST, then the PATCH Add', async ({ host, faults }) => {
  const element = await host.mount({ 'resource-type': 'Groups', profile: 'entra', 'base-url': faults.baseUrl('ok') });
  await element.getByLabel('Add members').check();
  await host.pressAndSettle();
  const requests = notPreflight(faults.requests);
  // First the five users the batch creates to be members (the page created none): no list of users is read.
  const ownMembers = requests.slice(0, 5);
  const items = requests.slice(5);
  expect(ownMembers.map(({ method, url }) => `${method} ${url}`)).toEqual(Array(5).fill('POST /ok/scim/v2/Users'));
  expect(requests.some(({ method, url }) => method === 'GET' && /\/Users(\?|$)/.test(url))).toBe(false);
  const lookups = items.filter(({ method }) => method === 'GET');
  expect(lookups).toHaveLength(10);
  expect(lookups.every((request) => query(request).get('excludedAttributes') === 'members' && query(request).get('filter')?.startsWith('displayName eq "'))).toBe(true);
  const posts = items.filter(({ method }) => method === 'POST');
  expect(posts.every(({ body }) => !('members' in (JSON.parse(body) as object)))).toBe(true);
  const patches = items.filter(({ method }) => method === 'PATCH');
  expect(patches).toHaveLength(10);
  for (const patch of patches) {
    const [operation] = (JSON.parse(patch.body) as { Operations: { op: string; path: string; value: { $ref: null; value: string }[] }[] }).Operations;
    expect(operation).toMatchObject({ op: 'Add', path: 'members' });
    for (const member of operation?.value ?? []) expect(member).toEqual({ $ref: null, value: expect.not.stringMatching(/^listed-user-1$/) });
  }
  // The first line's Details shows its three calls in order.
  const line = host.lines().first();
  await line.getByRole('button', { name: 'Details' }).click();
  await expect(line.locator('.call-title')).toHaveText([/^Lookup · GET /, /^Create · POST /, /^Members · PATCH /]);
});

test('flow="create" with profile="entra" sends ten POSTs and nothing else', async ({ host, faults }) => {
  await host.mount({ profile: 'entra', flow: 'create', 'base-url': faults.baseUrl('ok') });
  await host.pressAndSettle();
  expect(notPreflight(faults.requests).map(({ method }) => method)).toEqual(Array(10).fill('POST'));
});
