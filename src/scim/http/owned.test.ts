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
