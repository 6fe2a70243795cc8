// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { OwnedResources } from '../http/owned';
import { ERROR_SCHEMA, LIST_RESPONSE_SCHEMA, USER_SCHEMA } from '../protocol';
import type { ScimCall, SendCall } from '../http/call';
import { sendScim } from '../http/client';
import type { ScimUser } from '../records/schemas';
import type { ProfileName } from '../profiles/names';
import type { CheckResult } from './check';
import { checkReportMarkdown } from './report';
import { curl } from '../snippets/curl';
import { runChecks } from './run-checks';
import { checkContext } from '../../test-support/check-context';

const BASE = 'https://scim.example.com/scim/v2';
const ID = 'u-1';
const USER: ScimUser = { schemas: [USER_SCHEMA], userName: 'ada@example.com', name: { givenName: 'Ada', familyName: 'L' }, emails: [{ value: 'ada@example.com' }], active: true };
const list = (resources: object[], extra: object = {}) => ({ schemas: [LIST_RESPONSE_SCHEMA], totalResults: resources.length, startIndex: 1, Resources: resources, ...extra });

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Handler = (method: string, url: URL, body: unknown, authorization: string | null) => Reply | undefined;

/** `handler` for the first request it answers, then nothing. */
function once(handler: Handler): Handler {
  let used = false;
  return (method, url, body, authorization) => {
    if (used) return undefined;
    const reply = handler(method, url, body, authorization);
    if (reply) used = true;
    return reply;
  };
}

/** A well-behaved server for one user, created inactive as the batch does by default, with `override` answering first where it wants to misbehave. */
function server(override: Handler = () => undefined) {
  let active = false;
  let familyName = USER.name.familyName;
  /** The users Check made (the real-value user), by id. */
  const made = new Map<string, string>();
  const handle = (method: string, url: URL, body: unknown, authorization: string | null): Reply => {
    const overridden = override(method, url, body, authorization);
    if (overridden) return overridden;
    if (authorization !== 'Bearer k') return { status: 401, body: { schemas: [ERROR_SCHEMA], detail: 'no such key' } };
    const path = url.pathname.slice(new URL(BASE).pathname.length);
    if (path === '/ServiceProviderConfig') return { status: 200, body: { patch: { supported: true }, filter: { supported: true } } };
    if (method === 'GET' && path === `/Users/${ID}`) {
      const only = url.searchParams.get('attributes');
      return { status: 200, body: only ? { id: ID, userName: USER.userName } : { ...USER, name: { ...USER.name, familyName }, id: ID, active, meta: { location: `${BASE}/Users/${ID}` } } };
    }
    if (method === 'GET' && path === '/Users' && url.searchParams.has('filter')) {
      const wanted = (/"(.*)"/.exec(url.searchParams.get('filter') ?? '')?.[1] ?? '').toLowerCase();
      const found = [...made].filter(([, userName]) => userName === wanted).map(([id]) => ({ id }));
      return { status: 200, body: list(wanted === USER.userName ? [{ id: ID }] : found) };
    }
    if (method === 'GET' && path === '/Users') {
      const startIndex = Number(url.searchParams.get('startIndex') ?? 1);
      return { status: 200, body: list([{ id: ID }], { totalResults: 7, startIndex }) };
    }
    if (method === 'POST') {
      const { userName } = body as ScimUser;
      if (userName.toLowerCase() === USER.userName || [...made.values()].includes(userName.toLowerCase())) return { status: 409, body: { schemas: [ERROR_SCHEMA], scimType: 'uniqueness', detail: 'taken' } };
      const id = `made-${made.size + 1}`;
      made.set(id, userName.toLowerCase());
      return { status: 201, body: { ...(body as object), id } };
    }
    if (method === 'PATCH' && path === `/Users/${ID}`) {
      for (const { path: attribute, value } of (body as { Operations: { path: string; value: unknown }[] }).Operations) {
        if (attribute === 'active') active = value as boolean;
        if (attribute === 'name.familyName') familyName = value as string;
      }
      return { status: 204 };
    }
    // Every id but unknown-id's random uuid is one the server has.
    if (method === 'DELETE' && !/[0-9a-f-]{36}$/.test(path)) return (made.delete(path.slice('/Users/'.length)), { status: 204 });
    return { status: 404, body: { schemas: [ERROR_SCHEMA], detail: 'no such user' } };
  };
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const authorization = new Headers(init?.headers).get('Authorization');
    const reply = handle(init?.method ?? 'GET', new URL(String(input)), init?.body ? JSON.parse(String(init.body)) : undefined, authorization);
    const text = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status, headers: { 'Content-Type': 'application/scim+json', ...reply.headers } });
  });
  return Object.assign(fetch, { state: () => ({ active, familyName, made: [...made.keys()] }) });
}

async function check(fetch: typeof globalThis.fetch, profile: ProfileName = 'basic', record: ScimUser = USER, changed: Record<string, string> = {}): Promise<Record<string, CheckResult>> {
  const send: SendCall = async (request, purpose) =>
    ({ purpose, ...(await sendScim({ apiKey: 'k', timeoutMs: 1000, signal: new AbortController().signal, fetch, ...request })) }) as ScimCall;
  const results: CheckResult[] = [];
  const target = { resourceType: 'Users' as const, record, id: ID, url: `${BASE}/Users/${ID}`, memberIds: [] };
  const { context, owned } = checkContext(target, { baseUrl: BASE, endpoint: `${BASE}/Users` }, { profile, namedIds: [ID, 'u-2'], changed });
  await runChecks(context, owned.guard(send), { signal: new AbortController().signal, onResult: (result) => results.push(result) });
  return Object.fromEntries(results.map((result) => [result.id, result]));
}

const outcomes = (results: Record<string, CheckResult>) => Object.fromEntries(Object.entries(results).map(([id, { outcome }]) => [id, outcome]));

describe('the user checks', () => {
  it('all pass against a correct server, each with its own calls', async () => {
    const fetch = server();
    const results = await check(fetch);
    expect(Object.fromEntries(Object.entries(results).filter(([, { outcome }]) => outcome !== 'pass').map(([id, { reason }]) => [id, reason]))).toEqual({});
    expect(Object.keys(results)).toEqual(['read-back', 'lookup', 'lookup-ignoring-case', 'real-username', 'duplicate', 'duplicate-case', 'unknown-id', 'wrong-key', 'location', 'paging', 'projection', 'deactivate', 'update']);
    // Created inactive: activated first (else ignoring `active: false` would pass), deactivated, and left inactive.
    const activeSent = results.deactivate?.calls.flatMap(({ request }) => (request.method === 'PATCH' ? [JSON.stringify(request.body).includes('true')] : []));
    expect(activeSent).toEqual([true, false]);
    expect(results.update?.calls.map(({ request }) => request.method)).toEqual(['GET', 'PATCH', 'GET', 'PATCH', 'GET']);
    expect(fetch.state()).toEqual({ active: false, familyName: USER.name.familyName, made: [] });
    // Check's own user, deleted and read back (a 404).
    expect(results['real-username']?.calls.map(({ request }) => request.method)).toEqual(['POST', 'GET', 'DELETE', 'GET']);
    expect(results['real-username']?.calls.at(-1)?.status).toBe(404);
    expect(results['real-username']?.calls[1]?.request.url).toMatch(/filter=userName%20eq%20%22zo%C3%AB\.o%27brien%2Bscim-[0-9a-f]{8}%40example\.com%22$/);
    // Her userName has the letter outside ASCII; her e-mail, which servers may check as RFC 5321 has it, does not.
    const sent = results['real-username']?.calls[0]?.request.body as ScimUser;
    expect(sent.emails?.[0]?.value).toBe(sent.userName.replace('zoë', 'zoe'));
    expect(sent.emails?.[0]?.value).toMatch(/^zoe\.o'brien\+scim-[0-9a-f]{8}@example\.com$/);
    expect(results['unknown-id']?.calls.map(({ request }) => request.method)).toEqual(['GET', 'PATCH', 'DELETE']);
    expect(results['wrong-key']?.calls[0]?.request.headers.Authorization).toBe('Bearer scim-generator-not-the-key');
  });

  it('skips what the ServiceProviderConfig says is not supported', async () => {
    const results = await check(server((_method, url) => (url.pathname.endsWith('/ServiceProviderConfig') ? { status: 200, body: { patch: { supported: false }, filter: { supported: false } } } : undefined)));
    expect(outcomes(results)).toMatchObject({ lookup: 'skipped', 'lookup-ignoring-case': 'skipped', deactivate: 'skipped', update: 'skipped', 'read-back': 'pass' });
    expect(results.lookup?.reason).toBe("The server's ServiceProviderConfig says filter is not supported.");
  });

  /** The duplicate check's POST: the batch's own userName again. */
  const again = (method: string, body: unknown) => method === 'POST' && (body as ScimUser).userName === USER.userName;

  const ignoringActive = (value: boolean | 'both'): Handler => (method, _url, body) =>
    method === 'PATCH' && (value === 'both' || JSON.stringify(body).includes(`"value":${value}`)) && JSON.stringify(body).includes('"active"') ? { status: 200, body: {} } : undefined;

  it.each<[string, Handler, string]>([
    ['read-back', once((m, url) => (m === 'GET' && url.pathname.endsWith(`/${ID}`) && !url.search ? { status: 404 } : undefined)), 'Expected 200 with userName "ada@example.com"; GET /scim/v2/Users/u-1 answered 404 Not Found with no SCIM error body with userName undefined.'],
    ['lookup', (_method, url) => (url.searchParams.get('filter')?.includes('ada@') ? { status: 200, body: list([]) } : undefined), 'got totalResults 0 and ids []'],
    ['lookup', (_method, url) => (url.searchParams.get('filter')?.includes('ada@') ? { status: 400, body: { scimType: 'invalidFilter' } } : undefined), 'but GET /scim/v2/Users?filter=userName eq "ada@example.com" answered 400 Bad Request with scimType invalidFilter.'],
    ['lookup-ignoring-case', (_method, url) => (url.searchParams.get('filter')?.includes('ADA') ? { status: 200, body: list([]) } : undefined), 'userName eq "ADA@EXAMPLE.COM" to find exactly id u-1, since userName is caseExact false'],
    ['duplicate', (m, _url, body) => (again(m, body) ? { status: 409, body: { detail: 'taken' } } : undefined), 'Expected 409 with scimType uniqueness; the POST of the same user: POST /scim/v2/Users answered 409 Conflict with no SCIM error body.'],
    ['duplicate', (m, _url, body) => (again(m, body) ? { status: 200, body: { ...USER, id: ID } } : undefined), 'POST /scim/v2/Users answered 200 OK with the existing user (id u-1) instead of 409. Nothing was deleted.'],
    ['unknown-id', (m, url) => (m === 'GET' && /Users\/[0-9a-f-]{36}$/.test(url.pathname) ? { status: 404, body: { detail: 'x' } } : undefined), 'answered 404 Not Found with no SCIM error body.'],
    ['unknown-id', (m, url) => (m === 'GET' && /Users\/[0-9a-f-]{36}$/.test(url.pathname) ? { status: 200 } : undefined), 'answered 200 OK.'],
    ['real-username', (m, url) => (m === 'GET' && url.searchParams.get('filter')?.includes('+') ? { status: 200, body: list([]) } : undefined), "Expected userName eq \"zoë.o'brien+scim-"],
    ['duplicate-case', (m, _url, body) => (m === 'POST' && (body as ScimUser).userName === USER.userName.toUpperCase() ? { status: 201, body: { id: 'dup-c' } } : undefined), 'Expected 409 with scimType uniqueness; POST /scim/v2/Users answered 201 Created with id dup-c, but GET /scim/v2/Users/dup-c answered 404'],
    ['unknown-id', (m, url) => (m === 'DELETE' && /Users\/[0-9a-f-]{36}$/.test(url.pathname) ? { status: 500 } : undefined), 'answered 500 Internal Server Error with no SCIM error body.'],
    ['wrong-key', (_m, _url, _body, authorization) => (authorization === 'Bearer k' ? undefined : { status: 401 }), 'Expected 401 with the SCIM Error schema for a wrong key; GET /scim/v2/Users/u-1 answered 401 Unauthorized with no SCIM error body.'],
    ['paging', (_method, url) => (url.searchParams.get('count') === '2' ? { status: 200, body: list([{}, {}, {}]) } : undefined), 'with startIndex 1 and 3.'],
    ['paging', (_method, url) => (url.searchParams.has('count') ? { status: 200, body: list([{ id: ID }]) } : undefined), 'Expected startIndex 2 and at most 1 Resources; GET /scim/v2/Users?startIndex=2&count=1 answered 200 OK with startIndex 1 and 1.'],
    ['paging', (_method, url) => (url.searchParams.get('count') === '2' ? { status: 200, body: { Resources: [] } } : undefined), 'got an answer without the ListResponse schema.'],
    ['paging', (_method, url) => (url.searchParams.has('count') ? { status: 200, body: list([{ id: 'a' }, { id: 'b' }].slice(0, Number(url.searchParams.get('count'))), { startIndex: Number(url.searchParams.get('startIndex')) }) } : undefined), 'Expected the page at startIndex 2 to begin with id b, the second of the page at 1; it began with id a, so startIndex was not honoured.'],
    ['projection', (_method, url) => (url.searchParams.has('attributes') ? { status: 200, body: { ...USER, id: ID } } : undefined), 'answered 200 OK with [schemas, userName, name, emails, active, id].'],
    ['deactivate', ignoringActive('both'), 'Expected to activate the user before deactivating it; PATCH active true answered 200 OK, then the server still has active false.'],
    ['deactivate', ignoringActive(false), 'Expected the user deactivated; PATCH active false answered 200 OK, then the server still has active true.'],
    ['deactivate', (m, _url, body) => (m === 'PATCH' && JSON.stringify(body).includes('active') ? { status: 400, body: { schemas: [ERROR_SCHEMA], scimType: 'invalidValue', detail: 'no' } } : undefined), 'PATCH active true: PATCH /scim/v2/Users/u-1 answered 400 Bad Request with scimType invalidValue: "no".'],
    ['update', (m, _url, body) => (m === 'PATCH' && JSON.stringify(body).includes('familyName') ? { status: 200, body: {} } : undefined), 'Update (family name): PATCH /scim/v2/Users/u-1 answered 200 OK, but the server still has family name "L".'],
  ])('%s fails, alone, naming the exchange', async (id, misbehave, reason) => {
    const fetch = server(misbehave);
    const results = await check(fetch);
    const failed = Object.entries(outcomes(results)).filter(([, outcome]) => outcome === 'fail').map(([failing]) => failing);
    expect(failed).toEqual([id]);
    expect(results[id]?.reason).toContain(reason);
    // Only a server that ignores `active: false` keeps the user Check had to activate, and the line says so.
    expect(fetch.state().active, 'the user ends as the batch made it').toBe(reason.includes('still has active true'));
    if (fetch.state().active) expect(results[id]?.reason).toContain('The user created inactive is left active: deactivate it by hand.');
  });

  it('counts a write the server shows only on a second GET as a pass, with a note, and leaves the user as it found it (delayed writes)', async () => {
    // Each write shows on the GET after the first that follows it, as a server that applies writes a moment later.
    let pending: (() => void) | undefined;
    let hidden = { active: false, familyName: USER.name.familyName };
    const fetch = server((method, url) => {
      if (method === 'PATCH') {
        const shown = { ...hidden };
        pending = () => (hidden = { ...fetch.state() });
        hidden = shown;
        return undefined;
      }
      if (method === 'GET' && url.pathname.endsWith(`/${ID}`) && !url.search) {
        const body = { ...USER, id: ID, active: hidden.active, name: { ...USER.name, familyName: hidden.familyName } };
        const apply = pending;
        pending = undefined;
        apply?.();
        return { status: 200, body };
      }
      return undefined;
    });
    const results = await check(fetch);
    expect(outcomes(results)).toMatchObject({ deactivate: 'pass', update: 'pass' });
    expect(results.deactivate?.note).toBe('active true applied after 1 s; active false applied after 1 s.');
    expect(results.update?.note).toContain('applied after 1 s');
    expect(fetch.state()).toMatchObject({ active: false, familyName: USER.name.familyName });
  });

  it('puts the user back after a refused deactivation, and names a restore that did not hold', async () => {
    const created = server((method, _url, body) => (method === 'PATCH' && JSON.stringify(body).includes('"value":false') ? { status: 400, body: { detail: 'no' } } : undefined));
    const results = await check(created);
    expect(results.deactivate?.reason).toContain('Expected the user deactivated; PATCH active false: PATCH /scim/v2/Users/u-1 answered 400 Bad Request');
    expect(results.deactivate?.reason).toContain('The user created inactive is left active: deactivate it by hand.');
    expect(created.state().active).toBe(true); // the line names it
  });

  it('a 429 makes its check and every one after it not checked, naming the wait, and fails none', async () => {
    let calls = 0;
    const fetch = server(() => (++calls > 4 ? { status: 429, body: { detail: 'slow down' }, headers: { 'Retry-After': '30' } } : undefined));
    const results = await check(fetch);
    const ran = ['read-back', 'lookup', 'lookup-ignoring-case'];
    const stopped = Object.keys(results).filter((id) => !ran.includes(id));
    expect(stopped).toEqual(expect.arrayContaining(['real-username', 'duplicate', 'unknown-id', 'paging', 'projection', 'deactivate', 'update']));
    expect(outcomes(results)).toEqual({ ...Object.fromEntries(ran.map((id) => [id, 'pass'])), ...Object.fromEntries(stopped.map((id) => [id, 'not-checked'])) });
    // The fifth request, real-username's POST, got the 429: it names the wait; every check after it sends nothing.
    expect(results['real-username']?.reason).toBe('Rate limited: POST /scim/v2/Users answered 429 Too Many Requests with no SCIM error body; the server asks to wait: try again in 30 seconds (Retry-After: 30).');
    expect(results.duplicate?.reason).toMatch(/^Rate limited: not sent, since POST \/scim\/v2\/Users answered 429 .*\(Retry-After: 30\)\.$/);
    expect(results.paging?.reason).toMatch(/^Rate limited: not sent, since POST \/scim\/v2\/Users answered 429 .*\(Retry-After: 30\)\.$/);
    expect(results.paging?.calls).toEqual([]);
    // Nothing is sent once the server has said to wait.
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('a 429 without Retry-After says the server named no wait', async () => {
    const results = await check(server((_m, url) => (url.pathname.endsWith('/ServiceProviderConfig') ? { status: 429 } : undefined)));
    expect(new Set(Object.values(outcomes(results)))).toEqual(new Set(['not-checked']));
    expect(results['read-back']?.reason).toBe('Rate limited: not sent, since GET /scim/v2/ServiceProviderConfig answered 429 Too Many Requests with no SCIM error body; the server named no wait (no Retry-After).');
  });

  it('a resource this page changed since the batch makes the checks that read it not checked, saying why, and sends none of them', async () => {
    const fetch = server();
    const results = await check(fetch, 'basic', USER, { [ID]: "was deleted by this page's Delete" });
    expect(new Set(Object.values(outcomes(results)))).toEqual(new Set(['not-checked']));
    expect(results.lookup?.reason).toBe("This page changed what the check reads since the batch: u-1 was deleted by this page's Delete.");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  /** The DELETEs sent, but unknown-id's of a random uuid and the real-value user's of the one it made. */
  const deletesOf = (fetch: ReturnType<typeof server>) =>
    fetch.mock.calls.filter(([input, init]) => init?.method === 'DELETE' && !/\/([0-9a-f-]{36}|made-\d+)$/.test(String(input))).map(([input]) => String(input));

  /** A server that makes a duplicate of the batch's user at dup-9; its DELETE answers `deleteStatus`, and deletes only when `deletes`. */
  const duplicating = (deleteStatus: number, deletes: boolean): Handler => {
    let there = false;
    return (m, url, body) => {
      if (again(m, body)) return (there = true), { status: 201, body: { ...USER, id: 'dup-9', meta: { location: `${BASE}/Users/dup-9` } } };
      if (!url.pathname.endsWith('/dup-9')) return undefined;
      if (m === 'DELETE') return (there &&= !deletes), { status: deleteStatus };
      return there ? { status: 200, body: { ...USER, id: 'dup-9' } } : { status: 404, body: { schemas: [ERROR_SCHEMA], detail: 'no such user' } };
    };
  };

  it('deletes a duplicate the server wrongly made only once a GET shows it new, at its own URL, with the userName sent, and reads the deletion back', async () => {
    const fetch = server(duplicating(204, true));
    const results = await check(fetch);
    expect(deletesOf(fetch)).toEqual([`${BASE}/Users/dup-9`]);
    expect(results.duplicate?.reason).toContain('and made a second user "ada@example.com" (id dup-9), which Check deleted (a GET then answered 404).');
    expect(results.duplicate?.calls.map(({ request, status }) => `${request.method} ${status}`)).toEqual(['POST 201', 'GET 200', 'DELETE 204', 'GET 404']);
  });

  it.each<[string, Handler, string]>([
    ['answers 204 and keeps it', duplicating(204, false), 'its DELETE answered 204 No Content, but a GET still finds the user: delete it by hand.'],
    ['answers 500', duplicating(500, false), 'its DELETE answered 500 Internal Server Error: delete it by hand.'],
  ])("names Check's duplicate left on the server when its DELETE %s", async (_case, misbehave, left) => {
    const results = await check(server(misbehave));
    expect(results.duplicate?.reason).toContain(`made a second user "ada@example.com" (id dup-9), ${left}`);
  });

  it("names Check's real-value user left on the server when its DELETE answers 204 and a GET still finds it", async () => {
    const kept = new Set<string>();
    const fetch = server((m, url) => {
      const id = /\/(made-\d+)$/.exec(url.pathname)?.[1];
      if (id && m === 'DELETE') return kept.add(id), { status: 204 };
      if (id && kept.has(id)) return { status: 200, body: { ...USER, id } };
      return undefined;
    });
    const results = await check(fetch);
    expect(results['real-username']?.outcome).toBe('fail');
    expect(results['real-username']?.reason).toMatch(/^Found, but Check made it, and its DELETE answered 204 No Content, but a GET still finds the user: delete it by hand\.$/);
  });

  it.each<[string, Handler, string]>([
    ['200 with the existing user', (m, _url, body) => (again(m, body) ? { status: 200, body: { ...USER, id: ID } } : undefined), 'with the existing user (id u-1)'],
    ['201 with an id an earlier call named', (m, _url, body) => (again(m, body) ? { status: 201, body: { ...USER, id: 'u-2' } } : undefined), 'with the existing user (id u-2)'],
    ['201 with a location naming another resource', (m, _url, body) => (again(m, body) ? { status: 201, body: { id: 'dup-9', meta: { location: `${BASE}/Users/VICTIM-ADMIN` } } } : undefined), 'but its location "https://scim.example.com/scim/v2/Users/VICTIM-ADMIN" is not its id\'s URL'],
    ['201 with a stranger\'s id', (m, url, body) => (again(m, body) ? { status: 201, body: { id: 'VICTIM-ADMIN' } } : m === 'GET' && url.pathname.endsWith('/VICTIM-ADMIN') ? { status: 200, body: { id: 'VICTIM-ADMIN', userName: 'admin' } } : undefined), 'with userName "admin", not the userName Check sent'],
  ])('deletes nothing when the duplicate POST answers %s', async (_case, misbehave, reason) => {
    const fetch = server(misbehave);
    const results = await check(fetch);
    expect(deletesOf(fetch)).toEqual([]);
    expect(results.duplicate?.reason).toContain(reason);
    expect(results.duplicate?.reason).toMatch(/Nothing was deleted/);
  });

  /** A duplicate POST answered 201 with `id` (and a location), whose every GET below the base shows the user Check sent. */
  const madeAt = (id: string, { location, header }: { location?: string; header?: string } = {}): Handler => (m, url) => {
    if (m === 'POST') return { status: 201, body: { ...USER, id, ...(location === undefined ? {} : { meta: { location } }) }, ...(header === undefined ? {} : { headers: { Location: header } }) };
    if (m === 'GET' && !url.search && !url.pathname.endsWith(`/${ID}`)) return { status: 200, body: { ...USER, id } };
    return undefined;
  };

  it.each<[string, Handler, string]>([
    ['the id ".." (issue 49)', madeAt('..'), `its id ".." cannot name one resource below ${BASE}/Users`],
    ['the id "."', madeAt('.'), `its id "." cannot name one resource below ${BASE}/Users`],
    ['the id "../Groups/VICTIM-G"', madeAt('../Groups/VICTIM-G'), 'its id "../Groups/VICTIM-G" cannot name one resource'],
    ['an id with a lone surrogate', madeAt('dup-\uD800'), 'its id "dup-\\ud800" holds a lone surrogate, which no URL can carry'],
    ['a meta.location naming another resource', madeAt('dup-9', { location: `${BASE}/Users/VICTIM` }), `its location "${BASE}/Users/VICTIM" is not its id's URL, ${BASE}/Users/dup-9`],
    ['a Location header naming another resource', madeAt('dup-9', { header: `${BASE}/Users/VICTIM` }), `its location "${BASE}/Users/VICTIM" is not its id's URL`],
    ['a location "#dup-9"', madeAt('dup-9', { location: '#dup-9' }), 'its location "#dup-9" is not its id\'s URL'],
    ['a location "\\..\\"', madeAt('dup-9', { location: '\\..\\' }), 'its location "\\\\..\\\\" is not its id\'s URL'],
  ])('Check ends, deletes nothing and says why when the duplicate POST answers 201 with %s', async (_case, misbehave, reason) => {
    const fetch = server(misbehave);
    const results = await check(fetch);
    expect(deletesOf(fetch)).toEqual([]);
    expect(results.duplicate?.outcome).toBe('fail');
    expect(results.duplicate?.reason).toContain(reason);
    expect(results.duplicate?.reason).toMatch(/Nothing was deleted: look at the server\.$/);
  });

  it('a server that refuses the e-mail filter, with profile entra: a warning that names the setup, no failure', async () => {
    const entraUser = { ...USER, externalId: 'x-1', emails: [{ value: 'ada@example.com', type: 'work' }] };
    const fetch = server((_m, url) => {
      const filter = url.searchParams.get('filter') ?? '';
      if (filter.startsWith('emails[')) return { status: 400, body: { schemas: [ERROR_SCHEMA], scimType: 'invalidFilter' } };
      return filter === 'externalId eq "x-1"' ? { status: 200, body: list([{ id: ID }]) } : undefined;
    });
    const results = await check(fetch, 'entra', entraUser);
    // (This stub speaks RFC 7644's PATCH only, so Entra's deactivate and update are left out.)
    const { deactivate: _deactivate, update: _update, ...lookups } = outcomes(results);
    expect(Object.entries(lookups).filter(([, outcome]) => outcome !== 'pass')).toEqual([['work-email-lookup', 'warn']]);
    expect(results['work-email-lookup']?.reason).toMatch(/answered 400 Bad Request with scimType invalidFilter\. Entra sends this form, .* only when its attribute mappings make e-mail the matching attribute/);
    expect(results['externalid-lookup']?.outcome).toBe('pass');
  });

  it('sends no write to a resource the batch did not make, whatever Check is led to', async () => {
    const fetch = server();
    const owned = new OwnedResources([`${BASE}/Users/${ID}`]);
    const send: SendCall = owned.guard(async (request, purpose) => ({ purpose, ...(await sendScim({ apiKey: 'k', timeoutMs: 1000, signal: new AbortController().signal, fetch, ...request })) }) as ScimCall);
    const refused = await send({ method: 'DELETE', url: `${BASE}/Users/VICTIM-ADMIN` }, 'check');
    expect(refused.statusText).toBe('Not sent');
    expect(deletesOf(fetch)).toEqual([]);
  });

  it('Copy report: a Markdown table and each check\'s calls as cURL, without the key', async () => {
    const results = Object.values(await check(server()));
    const markdown = checkReportMarkdown(results, '9 passed, 0 failed, 0 skipped', curl);
    expect(markdown).toContain('| Read back the created user (RFC 7644 §3.4.1) | pass |  |');
    expect(markdown).toContain("curl --globoff -X GET 'https://scim.example.com/scim/v2/Users/u-1'");
    expect(markdown).toContain('$SCIM_TOKEN');
    expect(markdown).not.toContain('Bearer k"');
  });
});
