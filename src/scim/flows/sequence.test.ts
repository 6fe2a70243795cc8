// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { GROUP_SCHEMA, LIST_RESPONSE_SCHEMA, PATCH_OP_SCHEMA, USER_SCHEMA } from '../protocol';
import type { ScimCall, SendCall } from '../http/call';
import { sendScim } from '../http/client';
import { PROFILE_MODULES } from '../profiles';
import type { ScimGroup, ScimUser } from '../records/schemas';
import { matchingFilter, type ItemRun } from './sequence';

const BASE = 'https://scim.example.com/scim/v2';
const user = (userName: string): ScimUser => ({ schemas: [USER_SCHEMA], userName, name: { givenName: 'A', familyName: 'B' }, emails: [], active: true });
const group: ScimGroup = { schemas: [GROUP_SCHEMA], displayName: 'sales_team' };
const list = (resources: object[]) => ({ schemas: [LIST_RESPONSE_SCHEMA], totalResults: resources.length, startIndex: 1, itemsPerPage: resources.length, Resources: resources });

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A server that gives the answers in turn, and the calls the sequence made. */
function server(...answers: Answer[]) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => {
    const { status, body, headers } = answers.shift() ?? { status: 500 };
    const text = body === undefined ? null : JSON.stringify(body);
    return new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': 'application/scim+json', ...headers } });
  });
  const calls: ScimCall[] = [];
  const send: SendCall = async (request, purpose) => {
    const call: ScimCall = { purpose, item: 0, ...(await sendScim({ ...request, apiKey: 'k', timeoutMs: 1000, signal: new AbortController().signal, fetch })) };
    calls.push(call);
    return call;
  };
  return { send, calls, sent: () => calls.map(({ purpose, request }) => `${purpose} ${request.method} ${decodeURIComponent(request.url.slice(BASE.length))}`) };
}

function run(record: ItemRun['record'], send: SendCall, membersPatch?: ItemRun['membersPatch']): ItemRun {
  const endpoint = `${BASE}/${'userName' in record ? 'Users' : 'Groups'}`;
  return { record, membersPatch, urls: { baseUrl: BASE, endpoint }, send };
}

const entra = PROFILE_MODULES.entra.sequences;
const okta = PROFILE_MODULES.okta.sequences;

describe('Entra users: lookup, then a create only when nothing matches', () => {
  it('creates after an empty ListResponse', async () => {
    const { send, sent } = server({ status: 200, body: list([]) }, { status: 201, body: { id: 'u1' } });
    const end = await entra.Users(run(user('ada@example.com'), send));
    expect(sent()).toEqual(['lookup GET /Users?filter=userName eq "ada@example.com"', 'create POST /Users']);
    expect(end).toEqual({ decided: expect.objectContaining({ purpose: 'create', status: 201, id: 'u1' }) });
  });

  it('stops without a POST on a match, naming the id: not a failure', async () => {
    const { send, sent } = server({ status: 200, body: list([{ id: 'existing-7', userName: 'ada@example.com' }]) });
    const end = await entra.Users(run(user('ada@example.com'), send));
    expect(sent()).toEqual(['lookup GET /Users?filter=userName eq "ada@example.com"']);
    expect(end.verdict).toEqual({ text: 'Already exists as id existing-7: Entra would update it', failed: false });
  });

  it('stops on a 400, naming the step, the status, the scimType and the IdP', async () => {
    const { send, sent } = server({ status: 400, body: { scimType: 'invalidFilter', detail: 'no filters here' } });
    const end = await entra.Users(run(user('ada'), send));
    expect(sent()).toHaveLength(1);
    expect(end.decided.status).toBe(400);
    expect(end.verdict).toEqual({ text: 'Lookup GET /Users?filter=userName eq "ada" answered 400 invalidFilter: Entra would stop here', failed: true });
  });

  it.each([
    ['a plain array', [{ id: 'x' }], 'without the ListResponse schema'],
    ['no totalResults', { schemas: [LIST_RESPONSE_SCHEMA], Resources: [] }, 'without a numeric totalResults'],
    ['a string totalResults', { schemas: [LIST_RESPONSE_SCHEMA], totalResults: '0', Resources: [] }, 'without a numeric totalResults'],
    ['a match without Resources', { schemas: [LIST_RESPONSE_SCHEMA], totalResults: 1 }, 'with totalResults 1 but no Resources with an id'],
  ])('stops on a 200 that is not a ListResponse: %s', async (_name, body, why) => {
    const { send, sent } = server({ status: 200, body });
    const end = await entra.Users(run(user('ada'), send));
    expect(sent()).toHaveLength(1);
    expect(end.verdict).toEqual({ text: `Lookup GET /Users?filter=userName eq "ada" answered 200 OK ${why}: Entra would stop here`, failed: true });
  });

  it('stops when the create answers 201 without an id', async () => {
    const { send } = server({ status: 200, body: list([]) }, { status: 201, body: { userName: 'ada' } });
    const end = await entra.Users(run(user('ada'), send));
    expect(end.decided).toMatchObject({ purpose: 'create', status: 201 });
    expect(end.verdict).toEqual({ text: 'Create POST /Users answered 201 without an id: Entra would stop here', failed: true });
  });

  it('quotes and escapes the value as a JSON string, and percent-encodes the query (RFC 7644 §3.4.2.2)', async () => {
    const { send, calls } = server({ status: 200, body: list([]) }, { status: 201, body: { id: 'u' } });
    await entra.Users(run(user('o"brien\\x y'), send));
    const url = new URL(calls[0]?.request.url ?? '');
    expect(url.searchParams.get('filter')).toBe('userName eq "o\\"brien\\\\x y"');
    expect(url.search).toBe('?filter=userName%20eq%20%22o%5C%22brien%5C%5Cx%20y%22');
  });
});

describe('Entra groups: lookup without members, an empty create, then the members PATCH', () => {
  it('sends the three in order', async () => {
    const patch = PROFILE_MODULES.entra.members;
    const membersPatch = 'patch' in patch ? patch.patch([{ id: 'u1', userName: 'ada', display: 'Ada' }]) : undefined;
    const { send, sent, calls } = server({ status: 200, body: list([]) }, { status: 201, body: { id: 'g1' } }, { status: 204 });
    const end = await entra.Groups(run(group, send, membersPatch));
    expect(sent()).toEqual([
      'lookup GET /Groups?excludedAttributes=members&filter=displayName eq "sales_team"',
      'create POST /Groups',
      'members PATCH /Groups/g1',
    ]);
    expect(calls[2]?.request.body).toEqual({ schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: 'u1' }] }] });
    expect(end.decided).toMatchObject({ purpose: 'create', id: 'g1' });
  });
  it('ends a refused members PATCH with its answer, the group id kept and a verdict that says the group was created', async () => {
    const patch = PROFILE_MODULES.entra.members;
    const membersPatch = 'patch' in patch ? patch.patch([{ id: 'u1', userName: 'ada', display: 'Ada' }]) : undefined;
    const { send } = server({ status: 200, body: list([]) }, { status: 201, body: { id: 'g1' } }, { status: 400, body: { detail: 'op Add is not supported' } });
    const end = await entra.Groups(run(group, send, membersPatch));
    expect(end.decided).toMatchObject({ purpose: 'members', status: 400, id: 'g1' });
    expect(end.verdict).toEqual({ text: 'created (201), then the members PATCH failed: the group has no members; Delete removes it', failed: true });
  });
});

describe('a create answered 200 (issue 27, L4)', () => {
  it('ends with a verdict that the server returned a resource it had, and sends no members PATCH to it', async () => {
    const patch = PROFILE_MODULES.entra.members;
    const membersPatch = 'patch' in patch ? patch.patch([{ id: 'u1', userName: 'ada', display: 'Ada' }]) : undefined;
    const { send, sent } = server({ status: 200, body: list([]) }, { status: 200, body: { id: 'g-old' } }, { status: 204 });
    const end = await entra.Groups(run(group, send, membersPatch));
    expect(sent()).toEqual(['lookup GET /Groups?excludedAttributes=members&filter=displayName eq "sales_team"', 'create POST /Groups']);
    expect(end.decided).toMatchObject({ purpose: 'create', status: 200, id: 'g-old' });
    expect(end.verdict).toEqual({
      text: 'The server returned a resource it already had (a create answers 201 Created), so this batch leaves it alone: no members, Deactivate, Delete or Check',
      failed: false,
    });
  });
});

describe('the members PATCH follows only a 201 whose id gives the one URL of a resource (issue 49)', () => {
  const patch = PROFILE_MODULES.entra.members;
  const membersPatch = 'patch' in patch ? patch.patch([{ id: 'u1', userName: 'ada', display: 'Ada' }]) : undefined;
  const create = PROFILE_MODULES.basic.sequences.Groups;

  it.each([
    [202, 'Accepted'],
    [203, 'Non-Authoritative Information'],
  ])('a create answered %i with an existing group\'s id gets no PATCH, and the line says why', async (status, statusText) => {
    const { send, sent } = server({ status, body: { id: 'VICTIM-G' } }, { status: 204 });
    const end = await create(run(group, send, membersPatch));
    expect(sent()).toEqual(['create POST /Groups']);
    expect(end.verdict).toEqual({
      text: `The server answered ${status} ${statusText}, not 201 Created: nothing says this batch made the resource, so this batch leaves it alone: no members, Deactivate, Delete or Check`,
      failed: false,
    });
  });

  it.each<[string, Answer, string]>([
    ['the id ".."', { status: 201, body: { id: '..' } }, `its id ".." cannot name one resource below ${BASE}/Groups`],
    ['the id "."', { status: 201, body: { id: '.' } }, `its id "." cannot name one resource below ${BASE}/Groups`],
    ['the id "../Groups/VICTIM-G"', { status: 201, body: { id: '../Groups/VICTIM-G' } }, 'its id "../Groups/VICTIM-G" cannot name one resource'],
    ['an id with a lone surrogate', { status: 201, body: { id: 'g-\uD800' } }, 'its id "g-\\ud800" holds a lone surrogate, which no URL can carry'],
    ['a meta.location naming another group', { status: 201, body: { id: 'own-3', meta: { location: `${BASE}/Groups/VICTIM` } } }, `its location "${BASE}/Groups/VICTIM" is not its id's URL, ${BASE}/Groups/own-3`],
    ['a Location header naming another group', { status: 201, body: { id: 'own-3' }, headers: { Location: `${BASE}/Groups/VICTIM` } }, `its location "${BASE}/Groups/VICTIM" is not its id's URL`],
    ['a location "#own-3"', { status: 201, body: { id: 'own-3', meta: { location: '#own-3' } } }, 'its location "#own-3" is not its id\'s URL'],
    ['a location "\\..\\"', { status: 201, body: { id: 'own-3', meta: { location: '\\..\\' } } }, 'its location "\\\\..\\\\" is not its id\'s URL'],
  ])('a 201 with %s gets no PATCH, and the line says why', async (_case, answer, why) => {
    const { send, sent } = server(answer, { status: 204 });
    const end = await create(run(group, send, membersPatch));
    expect(sent()).toEqual(['create POST /Groups']);
    expect(end.verdict?.failed).toBe(true);
    expect(end.verdict?.text).toContain(`Created, but ${why}`);
    expect(end.verdict?.text).toMatch(/so this batch leaves it alone: no members, Deactivate, Delete or Check$/);
  });

  it('a 201 whose location is its id\'s URL gets its PATCH there', async () => {
    const { send, sent } = server({ status: 201, body: { id: 'own-3', meta: { location: `${BASE}/Groups/own-3` } } }, { status: 204 });
    const end = await create(run(group, send, membersPatch));
    expect(sent()).toEqual(['create POST /Groups', 'members PATCH /Groups/own-3']);
    expect(end.verdict).toBeUndefined();
  });
});

describe('Okta users: lookup with paging, a 404 or an empty list meaning "not found"', () => {
  it.each([
    ['a 404', { status: 404, body: { detail: 'User not found' } }],
    ['an empty ListResponse', { status: 200, body: list([]) }],
  ])('creates after %s', async (_name, answer) => {
    const { send, sent } = server(answer, { status: 201, body: { id: 'u1' } });
    const end = await okta.Users(run(user('ada@example.com'), send));
    expect(sent()).toEqual(['lookup GET /Users?filter=userName eq "ada@example.com"&startIndex=1&count=100', 'create POST /Users']);
    expect(end.verdict).toBeUndefined();
  });

  it('stops on any other failure, as Okta would', async () => {
    const { send } = server({ status: 500 });
    const end = await okta.Users(run(user('ada'), send));
    expect(end.verdict?.text).toBe('Lookup GET /Users?filter=userName eq "ada"&startIndex=1&count=100 answered 500 Internal Server Error: Okta would stop here');
  });
});

describe('the helpers', () => {
  it('matchingFilter: userName for users, displayName for groups', () => {
    expect(matchingFilter(user('a'))).toBe('userName eq "a"');
    expect(matchingFilter(group)).toBe('displayName eq "sales_team"');
  });

});
