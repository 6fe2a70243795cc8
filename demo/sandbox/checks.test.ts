// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/scim/checks/check';
import { runChecks } from '../../src/scim/checks/run-checks';
import { createRecordGenerator } from '../../src/scim/generate';
import { PROFILE_MODULES } from '../../src/scim/profiles';
import { PROFILES, type ResourceType, type ScimRecord } from '../../src/scim/schemas';
import { sandboxForElementCalls } from './test-sandbox';

// Check, the element's own checks (src/scim/checks/), against the sandbox: it passes every one, in
// every profile, and leaves behind only what was created for the check.

const shared = sandboxForElementCalls();

async function created(resourceType: ResourceType, record: ScimRecord): Promise<{ id: string; url: string }> {
  const { sandbox, send } = shared;
  const call = await send({ method: 'POST', url: `${sandbox.origin}/scim/v2/${resourceType}`, body: record }, 'create');
  expect(call.status).toBe(201);
  return { id: call.id ?? '', url: `${sandbox.origin}/scim/v2/${resourceType}/${call.id}` };
}

async function checksOf(profile: (typeof PROFILES)[number], resourceType: ResourceType, record: ScimRecord, memberIds: string[] = []) {
  const { id, url } = await created(resourceType, record);
  const baseUrl = `${shared.sandbox.origin}/scim/v2`;
  const results: CheckResult[] = [];
  const context = {
    target: { resourceType, record, id, url, memberIds },
    urls: { baseUrl, endpoint: `${baseUrl}/${resourceType}` },
    setActive: PROFILE_MODULES[profile].dialect.deactivate,
  };
  await runChecks(context, shared.send, { signal: new AbortController().signal, onResult: (result) => results.push(result) });
  return results;
}

describe.each(PROFILES)('Check against the sandbox, profile %s', (profile) => {
  it('Users: every check passes', async () => {
    const [user] = createRecordGenerator()('Users', { profile, active: true });
    const results = await checksOf(profile, 'Users', user as ScimRecord);
    expect(results.map(({ id, outcome, reason }) => [id, outcome, reason])).toEqual(
      ['read-back', 'lookup', 'lookup-ignoring-case', 'duplicate', 'unknown-id', 'paging', 'projection', 'deactivate-reactivate'].map((id) => [id, 'pass', undefined]),
    );
  });

  it('Groups with a member: every check passes, the members one included', async () => {
    const [user] = createRecordGenerator()('Users', { profile });
    const member = await created('Users', user as ScimRecord);
    const [group] = createRecordGenerator()('Groups', { profile });
    const withMember = { ...(group as ScimRecord), members: [{ value: member.id }] };
    const results = await checksOf(profile, 'Groups', withMember, [member.id]);
    expect(results.map(({ id, outcome, reason }) => [id, outcome, reason])).toEqual(
      ['read-back', 'lookup', 'members'].map((id) => [id, 'pass', undefined]),
    );
  });
});
