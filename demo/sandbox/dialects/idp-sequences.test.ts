// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ScimCall, SendCall } from '../../../src/scim/http/call';
import { createRecordGenerator } from '../../../src/scim/generate';
import { PROFILE_MODULES } from '../../../src/scim/profiles';
import type { ResourceType, ScimRecord, ScimUser } from '../../../src/scim/records/schemas';
import { sandboxForElementCalls } from '../test-support/test-sandbox';

// The element's own IdP sequences (src/scim/profiles/entra.ts, okta.ts) against the sandbox: it
// answers both IdPs' lookups, in their own query forms, as those IdPs need.

const shared = sandboxForElementCalls();

/** Runs one item of `profile`'s sequence for `record` against the sandbox; resolves with its end and its calls. */
async function runItem(profile: 'entra' | 'okta', resourceType: ResourceType, record: ScimRecord) {
  const calls: ScimCall[] = [];
  const send: SendCall = (request, purpose) => shared.send(request, purpose).then((call) => (calls.push(call), call));
  const baseUrl = `${shared.sandbox.origin}/scim/v2`;
  const urls = { baseUrl, endpoint: `${baseUrl}/${resourceType}` };
  const end = await PROFILE_MODULES[profile].sequences[resourceType]({ record, membersPatch: undefined, urls, send });
  return { end, steps: calls.map(({ purpose, status }) => `${purpose} ${status}`) };
}

describe.each(['entra', 'okta'] as const)('the %s sequence against the sandbox', (profile) => {
  it.each(['Users', 'Groups'] as const)('%s: creates after the lookup finds nothing, then a second run finds what it made', async (resourceType) => {
    const [record] = createRecordGenerator()(resourceType, { profile });
    if (!record) throw new Error('no record');
    const first = await runItem(profile, resourceType, record);
    const looksUp = profile === 'entra' || resourceType === 'Users';
    expect(first.steps).toEqual(looksUp ? ['lookup 200', 'create 201'] : ['create 201']);
    expect(first.end.verdict).toBeUndefined();

    if (!looksUp) return;
    const second = await runItem(profile, resourceType, record);
    expect(second.steps).toEqual(['lookup 200']);
    expect(second.end.verdict).toEqual({ text: expect.stringContaining(`Already exists as id ${first.end.decided.id}`), failed: false });
  });
});

it('a userName holding " and \\ is escaped so that the sandbox finds exactly that user', async () => {
  const [generated] = createRecordGenerator()('Users', { profile: 'entra' }) as ScimUser[];
  if (!generated) throw new Error('no record');
  const record = { ...generated, userName: `o"brien\\${generated.userName}` };
  expect((await runItem('entra', 'Users', record)).steps).toEqual(['lookup 200', 'create 201']);
  expect((await runItem('okta', 'Users', record)).steps).toEqual(['lookup 200']);
});
