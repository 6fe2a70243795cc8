// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { GROUP_SCHEMA, LIST_RESPONSE_SCHEMA, USER_SCHEMA } from '../protocol';
import type { SendCall } from '../http/call';
import { sendScim } from '../http/client';
import { MAX_BODY_BYTES } from '../http/read-response';
import type { ResourceType, ScimRecord } from '../records/schemas';
import type { CheckResult } from './check';
import { runChecks } from './run-checks';
import { checkContext } from '../../test-support/check-context';

const BASE = 'https://scim.example.com/scim/v2';
const RECORDS: Record<ResourceType, ScimRecord> = {
  Users: { schemas: [USER_SCHEMA], userName: 'ada@example.com', name: { givenName: 'Ada', familyName: 'L' }, emails: [], active: true },
  Groups: { schemas: [GROUP_SCHEMA], displayName: 'Sales' },
};

/** A server whose every answer is right but longer than the client reads: each body is cut. */
const cuttingServer = (record: ScimRecord) =>
  vi.fn<typeof globalThis.fetch>(async (input) => {
    const padding = 'p'.repeat(MAX_BODY_BYTES);
    const one = { ...record, id: 'r-1', members: [{ value: 'u-1' }] };
    const body = new URL(String(input)).search ? { schemas: [LIST_RESPONSE_SCHEMA], totalResults: 1, Resources: [one], padding } : { ...one, padding };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/scim+json' } });
  });

describe('F9: every check line says when an answer was cut', () => {
  it.each<ResourceType>(['Users', 'Groups'])('%s: each check that read a cut answer fails and says it was cut', async (resourceType) => {
    const record = RECORDS[resourceType];
    const fetch = cuttingServer(record);
    const send: SendCall = async (request, purpose) => ({ purpose, ...(await sendScim({ ...request, apiKey: 'k', timeoutMs: 5000, signal: new AbortController().signal, fetch })) });
    const results: CheckResult[] = [];
    const target = { resourceType, record, id: 'r-1', url: `${BASE}/${resourceType}/r-1`, memberIds: ['u-1'] };
    const { context } = checkContext(target, { baseUrl: BASE, endpoint: `${BASE}/${resourceType}` });
    await runChecks(context, send, { signal: new AbortController().signal, onResult: (result) => results.push(result) });

    expect(results.length).toBeGreaterThan(2);
    for (const { id, outcome, reason } of results) {
      expect({ id, outcome, reason }).toEqual({ id, outcome: 'fail', reason: expect.stringContaining('200 OK, cut (longer than 256 KB, stalled, or unfinished in time)') });
    }
  });
});
