// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findMembers } from '../batch/members';
import { parseConfig } from './config';
import type { CallRequest, ScimCall, SendCall } from '../scim/http/call';
import { runChecks } from '../scim/checks/run-checks';
import { readServerSchemas } from '../scim/server-schema/read-schema';
import { checkContext } from '../test-support/check-context';

const BASE = 'https://scim.example.com/scim/v2?tenant=acme#section';

/** A sender that answers every call 404, and the URLs it was asked for. */
function recording(): { send: SendCall; urls: string[] } {
  const urls: string[] = [];
  const send: SendCall = async ({ method, url }: CallRequest, purpose) => {
    urls.push(url);
    return { purpose, ok: false, status: 404, statusText: 'Not Found', request: { method, url, headers: {} }, startedAt: '', durationMs: 0 } as unknown as ScimCall;
  };
  return { send, urls };
}

describe('F3: a base-url with a query and a fragment', () => {
  const parsed = parseConfig({ baseUrl: BASE, resourceType: 'Users' }, 'https://docs.example.com/');
  if (!parsed.ok) throw new Error(parsed.message);
  const { config } = parsed;

  it('keeps the query on the endpoint and drops the fragment', () => {
    expect(config.baseUrl).toBe('https://scim.example.com/scim/v2?tenant=acme');
    expect(config.endpoint).toBe('https://scim.example.com/scim/v2/Users?tenant=acme');
  });

  it('discovery, the member lookup and ServiceProviderConfig go to their paths with the query kept', async () => {
    const { send, urls } = recording();
    await readServerSchemas(config.baseUrl, send);
    await findMembers(config.baseUrl, 'basic', send, config.timeoutMs);
    const target = { resourceType: 'Users' as const, record: { schemas: [], userName: 'a', name: { givenName: 'A', familyName: 'B' }, emails: [], active: true }, id: 'u-1', url: config.endpoint, memberIds: [] };
    await runChecks(checkContext(target, config).context, send, { signal: AbortSignal.abort(), onResult: () => undefined });
    expect(urls).toEqual([
      'https://scim.example.com/scim/v2/ResourceTypes?tenant=acme',
      'https://scim.example.com/scim/v2/Schemas?tenant=acme',
      ...Array(5).fill('https://scim.example.com/scim/v2/Users?tenant=acme'),
      'https://scim.example.com/scim/v2/ServiceProviderConfig?tenant=acme',
    ]);
  });
});
