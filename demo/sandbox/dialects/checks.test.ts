// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../src/scim/checks/check';
import { runChecks } from '../../../src/scim/checks/run-checks';
import { PROFILE_MODULES } from '../../../src/scim/profiles';
import { createRecordGenerator } from '../../../src/scim/generate';
import { type ResourceType, type ScimRecord } from '../../../src/scim/records/schemas';
import { PROFILES } from '../../../src/scim/profiles/names';
import { checkContext } from '../../../src/test-support/check-context';
import { sandboxForElementCalls } from '../test-support/test-sandbox';

// Check, the element's own checks (src/scim/checks/), against the sandbox: it passes every one, in
// every profile, and leaves every resource as the batch made it.

const shared = sandboxForElementCalls();

async function created(resourceType: ResourceType, record: ScimRecord): Promise<{ id: string; url: string }> {
  const { sandbox, send } = shared;
  const call = await send({ method: 'POST', url: `${sandbox.origin}/scim/v2/${resourceType}`, body: record }, 'create');
  expect(call.status, call.response?.text).toBe(201);
  return { id: call.id ?? '', url: `${sandbox.origin}/scim/v2/${resourceType}/${call.id}` };
}

/** The resource as the sandbox holds it, without what changes on every write; members as a set (a member put back comes last). */
async function stored(url: string): Promise<unknown> {
  const call = await shared.send({ method: 'GET', url }, 'check');
  const { meta, members, ...resource } = call.response?.body as { meta?: unknown; members?: { value: string }[] };
  void meta;
  return { ...resource, members: members?.map(({ value }) => value).sort() };
}

async function checksOf(profile: (typeof PROFILES)[number], resourceType: ResourceType, record: ScimRecord, memberIds: string[] = []) {
  const { id, url } = await created(resourceType, record);
  const before = await stored(url);
  const baseUrl = `${shared.sandbox.origin}/scim/v2`;
  const results: CheckResult[] = [];
  const target = { resourceType, record, id, url, memberIds };
  const { context, owned } = checkContext(target, { baseUrl, endpoint: `${baseUrl}/${resourceType}` }, { profile });
  await runChecks(context, owned.guard(shared.send), { signal: new AbortController().signal, onResult: (result) => results.push(result) });
  expect(await stored(url), 'Check leaves the resource as the batch made it').toEqual(before);
  return results;
}

const passes = (ids: string[]) => ids.map((id) => [id, 'pass', undefined]);

describe.each(PROFILES)('Check against the sandbox, profile %s', (profile) => {
  // One seed per profile: the file shares one sandbox, and entra and okta both take the e-mail as userName.
  const generate = createRecordGenerator(40 + PROFILES.indexOf(profile));

  it.each([false, true])('Users (created active: %s): every check passes, and the user ends as it was', async (active) => {
    const [user] = generate('Users', { profile, active });
    const results = await checksOf(profile, 'Users', user as ScimRecord);
    const entraOnly = profile === 'entra' ? ['externalid-lookup', 'work-email-lookup'] : [];
    // The partial-PUT check runs for every profile whose IdP updates users by PUT: Okta's GET then PUT, and the PUT of what OneLogin, Ping and authentik hold.
    const putBack = 'patch' in PROFILE_MODULES[profile].dialect.update([]) ? [] : ['partial-put'];
    expect(results.map(({ id, outcome, reason }) => [id, outcome, reason])).toEqual(
      passes(['read-back', 'lookup', 'lookup-ignoring-case', 'real-username', 'duplicate', 'duplicate-case', 'unknown-id', 'wrong-key', 'location', 'paging', 'projection', ...entraOnly, 'deactivate', 'update', ...putBack]),
    );
  });

  it('Groups with members: every check passes, and the group ends as it was', async () => {
    const users = generate('Users', { profile }).slice(0, 2);
    const members = await Promise.all(users.map((user) => created('Users', user)));
    const [group] = generate('Groups', { profile });
    const withMembers = { ...(group as ScimRecord), members: members.map(({ id }) => ({ value: id })) };
    const results = await checksOf(profile, 'Groups', withMembers, members.map(({ id }) => id));
    expect(results.map(({ id, outcome, reason }) => [id, outcome, reason])).toEqual(
      passes(['read-back', 'lookup', 'lookup-without-members', 'real-group-name', 'duplicate', 'unknown-id', 'wrong-key', 'location', 'members', 'remove-member', 'rename']),
    );
  });
});
