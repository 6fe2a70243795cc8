// @vitest-environment node
import { SimpleFaker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { assignMembers } from '../../../src/batch/members';
import { performAction, type ActionKind, type ActionTarget } from '../../../src/scim/actions/table';
import { createRecordGenerator } from '../../../src/scim/generate';
import { PROFILE_MODULES } from '../../../src/scim/profiles';
import { type ResourceType, type ScimRecord } from '../../../src/scim/records/schemas';
import { PROFILES } from '../../../src/scim/profiles/names';
import { sandboxForElementCalls } from '../test-support/test-sandbox';

const sandbox = sandboxForElementCalls();
const faker = new SimpleFaker();
faker.seed(11);

/** Creates the records with the element's own client, each as the action's target. */
async function createAll(resourceType: ResourceType, records: ScimRecord[]): Promise<ActionTarget[]> {
  const endpoint = `${sandbox.sandbox.origin}/scim/v2/${resourceType}`;
  return Promise.all(
    records.map(async (record) => {
      const created = await sandbox.send({ method: 'POST', url: endpoint, body: record }, 'create');
      expect(created.status, created.response?.text).toBe(201);
      const id = created.id as string;
      const memberIds = 'members' in record ? (record.members ?? []).map(({ value }) => value) : [];
      return { id, url: `${endpoint}/${id}`, record, memberIds, deactivated: false, deleted: false };
    }),
  );
}

/** Runs the action on the target through the element's own table, in the profile's dialect. */
const act = (kind: ActionKind, profile: (typeof PROFILES)[number], target: ActionTarget) =>
  performAction(kind, PROFILE_MODULES[profile].dialect, { target, faker, send: (request) => sandbox.send(request, kind) });

// The element's bodies, byte for byte, in each profile's dialect: the sandbox carries each out, and
// the element's own read-back finds what the action meant.
describe.each(PROFILES)('the sandbox and the %s dialect of the days after', (profile) => {
  // One seed per profile: the file shares one sandbox and key, and entra and okta both take the e-mail as userName.
  const generate = createRecordGenerator(21 + PROFILES.indexOf(profile));

  it('applies Update, and the read-back shows the new values', async () => {
    const users = await createAll('Users', generate('Users', { profile, active: true }).slice(0, 3));
    for (const user of users) {
      const end = await act('update', profile, user);
      expect(end.decided.ok, end.decided.response?.text).toBe(true);
      expect(end.readBack).toEqual({ applied: true, differences: [] });
    }
  });

  it('applies Remove members until each group is empty, and Rename, each read back', async () => {
    const users = await createAll('Users', generate('Users', { profile }).slice(0, 3));
    const known = users.map(({ id, record }) => ({ id, userName: (record as { userName: string }).userName, display: 'member' }));
    const plan = assignMembers(generate('Groups', { profile }).slice(0, 2), known, profile, faker);
    const groups = await createAll('Groups', plan.records);
    for (const [index, group] of groups.entries()) {
      const patch = plan.patches[index];
      if (patch) {
        expect((await sandbox.send({ method: 'PATCH', url: group.url, body: patch }, 'members')).ok).toBe(true);
        group.memberIds = (patch.Operations[0]?.value as { value: string }[]).map(({ value }) => value);
      }
      expect(group.memberIds.length).toBeGreaterThan(0);
      while (group.memberIds.length > 0) {
        const before = group.memberIds.length;
        const end = await act('remove-members', profile, group);
        expect(end.decided.ok, end.decided.response?.text).toBe(true);
        expect(end.readBack).toEqual({ applied: true, differences: [] });
        expect(group.memberIds).toHaveLength(before - 1);
      }
      const renamed = await act('rename', profile, group);
      expect(renamed.decided.ok, renamed.decided.response?.text).toBe(true);
      expect(renamed.readBack).toEqual({ applied: true, differences: [] });
    }
  });
});
