import { describe, expect, it } from 'vitest';
import type { ScimCall, SendCall } from './call';
import { OwnedResources } from './owned';

const BASE = 'https://scim.example.com/scim/v2';

function recordingSend(): { send: SendCall; sent: string[] } {
  const sent: string[] = [];
  const send: SendCall = async (request, purpose) => {
    sent.push(`${request.method} ${request.url}`);
    return { purpose, status: 204, statusText: 'No Content', ok: true, startedAt: '', durationMs: 0, request: { ...request, headers: {} } } as ScimCall;
  };
  return { send, sent };
}

describe('the id guard', () => {
  it('sends PATCH, PUT and DELETE only to a resource the batch created or Check adopted', async () => {
    const owned = new OwnedResources([`${BASE}/Users/u-1`]);
    const { send, sent } = recordingSend();
    const guarded = owned.guard(send);
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      expect((await guarded({ method, url: `${BASE}/Users/u-1` }, 'check')).status).toBe(204);
      const refused = await guarded({ method, url: `${BASE}/Users/VICTIM-ADMIN` }, 'check');
      expect(refused).toMatchObject({ status: 0, statusText: 'Not sent', ok: false });
      expect(refused.detail).toBe(`Not sent: ${method} ${BASE}/Users/VICTIM-ADMIN is not a resource this batch or Check created`);
    }
    expect(sent).toEqual(['PATCH', 'PUT', 'DELETE'].map((method) => `${method} ${BASE}/Users/u-1`));
  });

  it('lets reads and creates through, and a write to a resource once adopted', async () => {
    const owned = new OwnedResources([]);
    const { send, sent } = recordingSend();
    const guarded = owned.guard(send);
    await guarded({ method: 'GET', url: `${BASE}/Users/other` }, 'check');
    await guarded({ method: 'POST', url: `${BASE}/Users` }, 'check');
    owned.adopt(`${BASE}/Users/dup-1`);
    await guarded({ method: 'DELETE', url: `${BASE}/Users/dup-1` }, 'check');
    expect(sent).toEqual([`GET ${BASE}/Users/other`, `POST ${BASE}/Users`, `DELETE ${BASE}/Users/dup-1`]);
  });

  it('compares URLs as the browser resolves them, so no spelling of another id passes', () => {
    const owned = new OwnedResources([`${BASE}/Users/u-1`]);
    expect(owned.owns('https://SCIM.example.com:443/scim/v2/Users/u-1')).toBe(true);
    expect(owned.owns(`${BASE}/Users/u-1/../VICTIM`)).toBe(false);
    expect(owned.owns(`${BASE}/Users/u-10`)).toBe(false);
  });
});

describe('made by this batch (issue 49, item 3)', () => {
  /** A send that answers each call with the next answer (status and body), as the client reads it. */
  function answering(...answers: { status: number; body?: Record<string, unknown> }[]): { send: SendCall; sent: string[] } {
    const sent: string[] = [];
    const send: SendCall = async (request, purpose) => {
      sent.push(`${request.method} ${request.url}`);
      const { status, body } = answers.shift() ?? { status: 500 };
      const id = typeof body?.id === 'string' ? { id: body.id } : {};
      return { purpose, status, statusText: '', ok: status < 300, startedAt: '', durationMs: 0, request: { ...request, headers: {} }, response: { headers: {}, bodyFormat: 'json', body }, ...id } as ScimCall;
    };
    return { send, sent };
  }
  const ENDPOINT = `${BASE}/Groups`;
  const create = (guarded: SendCall) => guarded({ method: 'POST', url: ENDPOINT, body: {} }, 'create');
  const patch = (guarded: SendCall, id: string) => guarded({ method: 'PATCH', url: `${ENDPOINT}/${id}`, body: {} }, 'members');

  it('owns what a 201 made, and lets the batch\'s own PATCH go there', async () => {
    const owned = new OwnedResources([]);
    const { send, sent } = answering({ status: 201, body: { id: 'g-1' } }, { status: 204 });
    const guarded = owned.guard(send);
    await create(guarded);
    expect((await patch(guarded, 'g-1')).status).toBe(204);
    expect(owned.owns(`${ENDPOINT}/g-1`)).toBe(true);
    expect(sent).toEqual([`POST ${ENDPOINT}`, `PATCH ${ENDPOINT}/g-1`]);
  });

  it.each([200, 202, 203])('owns nothing a create answered %i, and sends it no PATCH', async (status) => {
    const owned = new OwnedResources([]);
    const { send, sent } = answering({ status, body: { id: 'VICTIM-G' } });
    const guarded = owned.guard(send);
    await create(guarded);
    expect((await patch(guarded, 'VICTIM-G')).statusText).toBe('Not sent');
    expect(sent).toEqual([`POST ${ENDPOINT}`]);
  });

  it.each([
    ['a lookup', { status: 200, body: { Resources: [{ id: 'VICTIM-G' }] } }],
    ['the member list', { status: 200, body: { totalResults: 2, Resources: [{ id: 'u-1' }, { id: 'VICTIM-G' }] } }],
    ['a read', { status: 200, body: { id: 'VICTIM-G' } }],
  ])('owns nothing whose id %s named before its 201', async (_answer, earlier) => {
    const owned = new OwnedResources([]);
    const { send, sent } = answering(earlier, { status: 201, body: { id: 'VICTIM-G' } });
    const guarded = owned.guard(send);
    await guarded({ method: 'GET', url: `${ENDPOINT}?filter=x` }, 'lookup');
    await create(guarded);
    expect((await patch(guarded, 'VICTIM-G')).statusText).toBe('Not sent');
    expect(owned.owns(`${ENDPOINT}/VICTIM-G`)).toBe(false);
    expect(sent).toHaveLength(2);
  });

  it('owns neither of two creates answered with the same id', async () => {
    const owned = new OwnedResources([]);
    const { send } = answering({ status: 201, body: { id: 'g-1' } }, { status: 201, body: { id: 'g-1' } });
    const guarded = owned.guard(send);
    await create(guarded);
    await create(guarded);
    expect(owned.owns(`${ENDPOINT}/g-1`)).toBe(false);
  });

  it('owns nothing at a location that is not its id\'s URL', async () => {
    const owned = new OwnedResources([]);
    const send: SendCall = async (request, purpose) =>
      ({ purpose, status: 201, statusText: 'Created', ok: true, id: 'own-3', location: `${ENDPOINT}/VICTIM`, startedAt: '', durationMs: 0, request: { ...request, headers: {} } }) as ScimCall;
    await create(owned.guard(send));
    expect(owned.owns(`${ENDPOINT}/own-3`)).toBe(false);
    expect(owned.owns(`${ENDPOINT}/VICTIM`)).toBe(false);
  });
});
