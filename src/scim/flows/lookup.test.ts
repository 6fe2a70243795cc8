// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { GROUP_SCHEMA, LIST_RESPONSE_SCHEMA, USER_SCHEMA } from '../protocol';
import type { SendCall } from '../http/call';
import { sendScim } from '../http/client';
import { MAX_BODY_BYTES } from '../http/read-response';
import { PROFILE_MODULES } from '../profiles';
import type { ScimGroup, ScimUser } from '../records/schemas';

const BASE = 'https://scim.example.com/scim/v2';
const ada: ScimUser = { schemas: [USER_SCHEMA], userName: 'ada@example.com', name: { givenName: 'Ada', familyName: 'L' }, emails: [], active: true };
const sales: ScimGroup = { schemas: [GROUP_SCHEMA], displayName: 'Sales' };
const list = (resources: object[]) => ({ schemas: [LIST_RESPONSE_SCHEMA], totalResults: resources.length, Resources: resources });

/** Runs an IdP's sequence for `record` against a server whose lookup answers `body` (then 201 to a create). */
async function lookupAnswered(body: BodyInit | object, record: ScimUser | ScimGroup = ada, idp: 'entra' | 'okta' = 'entra') {
  const answers = [body, JSON.stringify({ id: 'new-1' })];
  const fetch = vi.fn<typeof globalThis.fetch>(async () => {
    const next = answers.shift();
    const text = typeof next === 'string' || next instanceof ReadableStream ? next : JSON.stringify(next);
    return new Response(text, { status: answers.length === 0 ? 201 : 200, headers: { 'Content-Type': 'application/scim+json' } });
  });
  const send: SendCall = async (request, purpose) => ({
    purpose,
    item: 0,
    ...(await sendScim({ ...request, apiKey: 'k', timeoutMs: 5000, signal: new AbortController().signal, fetch })),
  });
  const type = 'userName' in record ? 'Users' : 'Groups';
  const end = await PROFILE_MODULES[idp].sequences[type]({ record, membersPatch: undefined, urls: { baseUrl: BASE, endpoint: `${BASE}/${type}` }, send });
  return { end, calls: fetch.mock.calls.length };
}

describe('F2: a lookup matches only a resource whose matching attribute is the one looked up', () => {
  it('stops on a user of another userName (a server that ignores filter), naming what the IdP would do', async () => {
    const { end, calls } = await lookupAnswered(list([{ id: 'look-0', userName: 'bob@example.com' }]));
    expect(calls).toBe(1);
    expect(end.verdict).toEqual({
      text: 'Lookup GET /Users?filter=userName eq "ada@example.com" answered a user with another userName ("bob@example.com"): the server ignored the filter; Entra would take it for this user and update it instead of creating one',
      failed: true,
    });
  });

  it('stops when any returned resource is another, even beside the match, and when one has no userName', async () => {
    const beside = await lookupAnswered(list([{ id: 'a', userName: 'ada@example.com' }, { id: 'b', userName: 'bob' }]), ada, 'okta');
    expect(beside.end.verdict?.text).toMatch(/answered a user with another userName \("bob"\): the server ignored the filter; Okta would take it/);
    const nameless = await lookupAnswered(list([{ id: 'a' }]));
    expect(nameless.end.verdict?.text).toMatch(/answered a user with no userName: the server ignored the filter/);
  });

  it('matches userName and displayName without case (RFC 7643 §4.1.1, §4.2)', async () => {
    const user = await lookupAnswered(list([{ id: 'u-7', userName: 'ADA@example.COM' }]));
    expect(user.end.verdict).toEqual({ text: 'Already exists as id u-7: Entra would update it', failed: false });
    const group = await lookupAnswered(list([{ id: 'g-7', displayName: 'SALES' }]), sales);
    expect(group.end.verdict).toEqual({ text: 'Already exists as id g-7: Entra would update it', failed: false });
  });

  it('stops on two or more matches', async () => {
    const { end, calls } = await lookupAnswered(list([{ id: 'a', userName: 'ada@example.com' }, { id: 'b', userName: 'Ada@example.com' }]));
    expect(calls).toBe(1);
    expect(end.verdict).toEqual({ text: 'Lookup GET /Users?filter=userName eq "ada@example.com" answered 2 users with this userName: Entra would stop here', failed: true });
  });
});

describe('F9: a cut or stalled lookup answer is reported as cut', () => {
  const cut = '(longer than 256 KB, stalled, or unfinished in time)';

  it('names a ListResponse cut at 256 KB as cut, not as one without the ListResponse schema', async () => {
    const padded = { ...list([{ id: 'x', userName: 'ada@example.com' }]), padding: 'p'.repeat(MAX_BODY_BYTES) };
    const { end } = await lookupAnswered(JSON.stringify(padded));
    expect(end.verdict).toEqual({ text: `Lookup GET /Users?filter=userName eq "ada@example.com" answered 200 OK, cut ${cut}: Entra would stop here`, failed: true });
  });

  it('names a stalled answer as cut', async () => {
    // The first bytes of a ListResponse, then nothing: the client stops reading after its stall time.
    const stalled = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new TextEncoder().encode(`{"schemas":["${LIST_RESPONSE_SCHEMA}"],`)) });
    const { end } = await lookupAnswered(stalled);
    expect(end.verdict?.text).toBe(`Lookup GET /Users?filter=userName eq "ada@example.com" answered 200 OK, cut ${cut}: Entra would stop here`);
  });
});
