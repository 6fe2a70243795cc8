// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { assignMembers } from '../../../src/batch/members';
import { createRecordGenerator } from '../../../src/scim/generate';
import type { KnownUser } from '../../../src/scim/records/members';
import { PROFILE_MODULES } from '../../../src/scim/profiles';
import { PROFILES } from '../../../src/scim/profiles/names';
import { ENTERPRISE_SCHEMA, GROUP_SCHEMA, PATCH_SCHEMA, freshSandboxPerTest, newUser } from '../test-support/test-sandbox';

const fresh = freshSandboxPerTest();

async function createUser(userName: string): Promise<KnownUser> {
  const response = await fresh.sandbox.scim('/Users', { method: 'POST', key: fresh.key, body: newUser(userName, { active: true }) });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { id, userName, display: userName };
}

// The bodies come from the element's own builders, so these tests follow the element's dialects.
describe.each(PROFILES)('the sandbox and the %s dialect', (profile) => {
  it('deactivates a user with the request the element sends (a PATCH, or a PUT of the user)', async () => {
    const user = await createUser(`${profile}.user`);
    const form = PROFILE_MODULES[profile].dialect.deactivate(false);
    const held = (await (await fresh.sandbox.scim(`/Users/${user.id}`, { key: fresh.key })).json()) as Record<string, unknown>;
    const put = 'put' in form ? form.put(held) : 'replace' in form ? form.replace(held, user.id) : undefined;
    const response = await fresh.sandbox.scim(`/Users/${user.id}`, put ? { method: 'PUT', key: fresh.key, body: put } : { method: 'PATCH', key: fresh.key, body: form });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    const stored = (await (await fresh.sandbox.scim(`/Users/${user.id}`, { key: fresh.key })).json()) as { active: unknown };
    expect(stored.active).toBe(false);
  });

  it('creates a group and takes its members the way the element adds them', async () => {
    const users = [await createUser(`${profile}.a`), await createUser(`${profile}.b`), await createUser(`${profile}.c`)];
    const groups = createRecordGenerator(7)('Groups', { profile });
    const plan = assignMembers(groups.slice(0, 1), users, profile);
    const created = await fresh.sandbox.scim('/Groups', { method: 'POST', key: fresh.key, body: plan.records[0] });
    const group = (await created.json()) as { id: string; members?: { value: string }[] };
    expect(created.status, JSON.stringify(group)).toBe(201);
    const patch = plan.patches[0];
    if (patch) {
      const patched = await fresh.sandbox.scim(`/Groups/${group.id}`, { method: 'PATCH', key: fresh.key, body: patch });
      expect(patched.status, await patched.clone().text()).toBeLessThan(300);
    }
    const stored = (await (await fresh.sandbox.scim(`/Groups/${group.id}`, { key: fresh.key })).json()) as { members?: { value: string }[] };
    // authentik sends one operation per member: every operation's members count.
    const sent = patch ? patch.Operations.flatMap(({ value }) => value as unknown[]) : (plan.records[0] as { members?: unknown }).members;
    const expected = (sent as { value: string }[])
      .map(({ value }) => value)
      .sort();
    expect((stored.members ?? []).map(({ value }) => value).sort()).toEqual(expected);
  });
});

describe('PATCH requests as Entra and Okta spell them', () => {
  it.each([
    // Entra's "Update Group [Remove Members]" (use-scim-to-provision-users-and-groups.md): path `members`, the members in `value`.
    ['entra', (id: string) => ({ op: 'Remove', path: 'members', value: [{ $ref: null, value: id }] })],
    // Okta's "Update specific Group membership" (scim-20 reference): a filtered `members` path.
    ['okta', (id: string) => ({ op: 'remove', path: `members[value eq "${id}"]` })],
  ])('removes a member the way %s does', async (idp, removal) => {
    const [a, b] = [await createUser('rm.a'), await createUser('rm.b')];
    const created = await fresh.sandbox.scim('/Groups', {
      method: 'POST',
      key: fresh.key,
      body: { schemas: [GROUP_SCHEMA], displayName: `g-${idp}`, members: [{ value: a.id }, { value: b.id }] },
    });
    const group = (await created.json()) as { id: string };
    const response = await fresh.sandbox.scim(`/Groups/${group.id}`, {
      method: 'PATCH',
      key: fresh.key,
      body: { schemas: [PATCH_SCHEMA], Operations: [removal(a.id)] },
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    const stored = (await (await fresh.sandbox.scim(`/Groups/${group.id}`, { key: fresh.key })).json()) as { members?: { value: string }[] };
    expect(stored.members?.map(({ value }) => value)).toEqual([b.id]);
  });

  it('reactivates with Entra\'s string "True"', async () => {
    const user = await createUser('entra.true');
    await fresh.sandbox.scim(`/Users/${user.id}`, { method: 'PATCH', key: fresh.key, body: PROFILE_MODULES.entra.dialect.deactivate(false) });
    const response = await fresh.sandbox.scim(`/Users/${user.id}`, {
      method: 'PATCH',
      key: fresh.key,
      body: { schemas: [PATCH_SCHEMA], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] },
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    expect(((await response.json()) as { active: unknown }).active).toBe(true);
  });

  it.each(['Add', 'Replace'])("%s sets the enterprise manager from Entra's bare id string", async (op) => {
    const [user, manager] = [await createUser(`managed.${op}`), await createUser(`manager.${op}`)];
    const response = await fresh.sandbox.scim(`/Users/${user.id}`, {
      method: 'PATCH',
      key: fresh.key,
      body: { schemas: [PATCH_SCHEMA], Operations: [{ op, path: `${ENTERPRISE_SCHEMA}:manager`, value: manager.id }] },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as Record<string, unknown>)[ENTERPRISE_SCHEMA]).toEqual({ manager: { value: manager.id } });
  });

  // "Requests to replace multiple attributes", without and with Entra's compliance flag (Microsoft's
  // "Known issues and resolutions with SCIM 2.0 protocol compliance"): paths, then dotted keys in a path-less value.
  it.each([
    [
      'without the flag',
      [
        { op: 'Replace', path: 'displayName', value: 'Pvlo' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'new@example.org' },
        { op: 'Replace', path: 'name.givenName', value: 'Gtfd' },
        { op: 'Replace', path: `${ENTERPRISE_SCHEMA}:employeeNumber`, value: 'Eqpj' },
      ],
    ],
    [
      'with the flag',
      [
        { op: 'replace', path: 'emails[type eq "work"].value', value: 'new@example.org' },
        { op: 'replace', value: { displayName: 'Pvlo', 'name.givenName': 'Gtfd', [`${ENTERPRISE_SCHEMA}:employeeNumber`]: 'Eqpj' } },
      ],
    ],
  ])("replaces several attributes as Entra does %s", async (_flag, operations) => {
    const created = await fresh.sandbox.scim('/Users', {
      method: 'POST',
      key: fresh.key,
      body: newUser(`several.${operations.length}`, { emails: [{ type: 'work', value: 'old@example.org', primary: true }], name: { givenName: 'Old', familyName: 'Kept' } }),
    });
    const { id } = (await created.json()) as { id: string };
    const response = await fresh.sandbox.scim(`/Users/${id}`, { method: 'PATCH', key: fresh.key, body: { schemas: [PATCH_SCHEMA], Operations: operations } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({
      displayName: 'Pvlo',
      name: { givenName: 'Gtfd', familyName: 'Kept' },
      emails: [{ type: 'work', value: 'new@example.org', primary: true }],
      [ENTERPRISE_SCHEMA]: { employeeNumber: 'Eqpj' },
    });
  });
});
