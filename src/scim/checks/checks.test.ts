// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ERROR_SCHEMA, LIST_RESPONSE_SCHEMA, USER_SCHEMA } from '../protocol';
import type { ScimCall, SendCall } from '../call';
import { sendScim } from '../client';
import { PROFILE_MODULES } from '../profiles';
import type { ScimUser } from '../schemas';
import type { CheckResult } from './check';
import { checkReportMarkdown } from './report';
import { curl } from '../snippets/curl';
import { runChecks } from './run-checks';

const BASE = 'https://scim.example.com/scim/v2';
const ID = 'u-1';
const USER: ScimUser = { schemas: [USER_SCHEMA], userName: 'ada@example.com', name: { givenName: 'Ada', familyName: 'L' }, emails: [{ value: 'ada@example.com' }], active: true };
const list = (resources: object[], extra: object = {}) => ({ schemas: [LIST_RESPONSE_SCHEMA], totalResults: resources.length, startIndex: 1, Resources: resources, ...extra });

type Reply = { status: number; body?: unknown };
type Handler = (method: string, url: URL, body: unknown) => Reply | undefined;

/** `handler` for the first request it answers, then nothing. */
function once(handler: Handler): Handler {
  let used = false;
  return (method, url, body) => {
    if (used) return undefined;
    const reply = handler(method, url, body);
    if (reply) used = true;
    return reply;
  };
}

/** A well-behaved server for one user, with `override` answering first where it wants to misbehave. */
function server(override: Handler = () => undefined) {
  let active = true;
  const handle = (method: string, url: URL, body: unknown): Reply => {
    const overridden = override(method, url, body);
    if (overridden) return overridden;
    const path = url.pathname.slice(new URL(BASE).pathname.length);
    if (path === '/ServiceProviderConfig') return { status: 200, body: { patch: { supported: true }, filter: { supported: true } } };
    if (method === 'GET' && path === `/Users/${ID}`) {
      const only = url.searchParams.get('attributes');
      return { status: 200, body: only ? { id: ID, userName: USER.userName } : { ...USER, id: ID, active } };
    }
    if (method === 'GET' && path === '/Users' && url.searchParams.has('filter')) {
      const wanted = /"(.*)"/.exec(url.searchParams.get('filter') ?? '')?.[1] ?? '';
      return { status: 200, body: list(wanted.toLowerCase() === USER.userName ? [{ id: ID }] : []) };
    }
    if (method === 'GET' && path === '/Users') return { status: 200, body: list([{ id: ID }], { totalResults: 7 }) };
    if (method === 'POST') return { status: 409, body: { schemas: [ERROR_SCHEMA], scimType: 'uniqueness', detail: 'taken' } };
    if (method === 'PATCH') {
      active = !JSON.stringify(body).includes('false');
      return { status: 204 };
    }
    if (method === 'DELETE') return { status: 204 };
    return { status: 404, body: { schemas: [ERROR_SCHEMA], detail: 'no such user' } };
  };
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const reply = handle(init?.method ?? 'GET', new URL(String(input)), init?.body ? JSON.parse(String(init.body)) : undefined);
    const text = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status, headers: { 'Content-Type': 'application/scim+json' } });
  });
  return fetch;
}

async function check(fetch: typeof globalThis.fetch): Promise<Record<string, CheckResult>> {
  const send: SendCall = async (request, purpose) =>
    ({ purpose, ...(await sendScim({ ...request, apiKey: 'k', timeoutMs: 1000, signal: new AbortController().signal, fetch })) }) as ScimCall;
  const results: CheckResult[] = [];
  const context = {
    target: { resourceType: 'Users' as const, record: USER, id: ID, url: `${BASE}/Users/${ID}`, memberIds: [] },
    urls: { baseUrl: BASE, endpoint: `${BASE}/Users` },
    setActive: PROFILE_MODULES.basic.setActive,
  };
  await runChecks(context, send, { signal: new AbortController().signal, onResult: (result) => results.push(result) });
  return Object.fromEntries(results.map((result) => [result.id, result]));
}

const outcomes = (results: Record<string, CheckResult>) => Object.fromEntries(Object.entries(results).map(([id, { outcome }]) => [id, outcome]));

describe('the user checks', () => {
  it('all pass against a correct server, each with its own calls', async () => {
    const results = await check(server());
    expect(Object.values(outcomes(results)).every((outcome) => outcome === 'pass')).toBe(true);
    expect(Object.keys(results)).toHaveLength(8);
    expect(results['deactivate-reactivate']?.calls.map(({ request }) => request.method)).toEqual(['PATCH', 'GET', 'PATCH', 'GET']);
  });

  it('skips what the ServiceProviderConfig says is not supported', async () => {
    const results = await check(server((_method, url) => (url.pathname.endsWith('/ServiceProviderConfig') ? { status: 200, body: { patch: { supported: false }, filter: { supported: false } } } : undefined)));
    expect(outcomes(results)).toMatchObject({ lookup: 'skipped', 'lookup-ignoring-case': 'skipped', 'deactivate-reactivate': 'skipped', 'read-back': 'pass' });
    expect(results.lookup?.reason).toBe("The server's ServiceProviderConfig says filter is not supported.");
  });

  it.each<[string, Handler, string]>([
    ['read-back', once((m, url) => (m === 'GET' && url.pathname.endsWith(`/${ID}`) && !url.search ? { status: 404 } : undefined)), 'Expected 200 with userName "ada@example.com", got 404 Not Found with userName undefined.'],
    ['lookup', (_method, url) => (url.searchParams.get('filter')?.includes('ada@') ? { status: 200, body: list([]) } : undefined), 'got totalResults 0 and ids []'],
    ['lookup', (_method, url) => (url.searchParams.get('filter')?.includes('ada@') ? { status: 400, body: { scimType: 'invalidFilter' } } : undefined), 'but got 400 Bad Request.'],
    ['lookup-ignoring-case', (_method, url) => (url.searchParams.get('filter')?.includes('ADA') ? { status: 200, body: list([]) } : undefined), 'userName eq "ADA@EXAMPLE.COM" to find exactly id u-1, since userName is caseExact false'],
    ['duplicate', (m) => (m === 'POST' ? { status: 409, body: { detail: 'taken' } } : undefined), 'Expected 409 with scimType uniqueness, got 409 Conflict.'],
    ['duplicate', (m) => (m === 'POST' ? { status: 201, body: { id: 'dup-9' } } : undefined), 'the server made a duplicate, which was deleted.'],
    ['unknown-id', (m, url) => (m === 'GET' && /Users\/[0-9a-f-]{36}$/.test(url.pathname) ? { status: 404, body: { detail: 'x' } } : undefined), 'got 404 Not Found without it.'],
    ['paging', (_method, url) => (url.searchParams.get('count') === '2' ? { status: 200, body: list([{}, {}, {}]) } : undefined), 'got startIndex 1 and 3.'],
    ['paging', (_method, url) => (url.searchParams.get('count') === '2' ? { status: 200, body: { Resources: [] } } : undefined), 'got an answer without the ListResponse schema.'],
    ['projection', (_method, url) => (url.searchParams.has('attributes') ? { status: 200, body: { ...USER, id: ID } } : undefined), 'got 200 OK with [schemas, userName, name, emails, active, id].'],
    ['deactivate-reactivate', (m) => (m === 'PATCH' ? { status: 204 } : undefined), 'Expected a GET to show active false, got 200 OK with active true.'],
    ['deactivate-reactivate', (m) => (m === 'PATCH' ? { status: 400, body: { detail: 'no' } } : undefined), 'Expected the PATCH of active false to succeed, got 400 Bad Request.'],
  ])('%s fails, alone, with what was expected and what came', async (id, misbehave, reason) => {
    const results = await check(server(misbehave));
    const failed = Object.entries(outcomes(results)).filter(([, outcome]) => outcome === 'fail').map(([failing]) => failing);
    expect(failed).toEqual([id]);
    expect(results[id]?.reason).toContain(reason);
  });

  it('deletes a duplicate the server wrongly made, and nothing else', async () => {
    const fetch = server((m) => (m === 'POST' ? { status: 201, body: { id: 'dup-9' } } : undefined));
    await check(fetch);
    const deletes = fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([input]) => String(input));
    expect(deletes).toEqual([`${BASE}/Users/dup-9`]);
  });

  it('Copy report: a Markdown table and each check\'s calls as cURL, without the key', async () => {
    const results = Object.values(await check(server()));
    const markdown = checkReportMarkdown(results, '8 passed, 0 failed, 0 skipped', curl);
    expect(markdown).toContain('| Read back the created user (RFC 7644 §3.4.1) | pass |  |');
    expect(markdown).toContain("curl --globoff -X GET 'https://scim.example.com/scim/v2/Users/u-1'");
    expect(markdown).toContain('$SCIM_TOKEN');
    expect(markdown).not.toContain('Bearer k"');
  });
});
