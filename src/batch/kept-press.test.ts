// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { GROUP_SCHEMA, USER_SCHEMA } from '../scim/protocol';
import { recordName } from '../scim/records/records';
import type { ScimRecord } from '../scim/records/schemas';
import { keptPress, restoredActions } from './kept-press';

const BASE = 'https://kept.example.com/scim/v2';
const ORIGIN = { key: 'k-1', press: 3, profile: 'okta' as const };
const notes = Array.from({ length: 1300 }, (_, line) => `line ${line} ${'x'.repeat(50)}`);
const user = { schemas: [USER_SCHEMA], userName: 'ada@acme.test', name: { givenName: 'Ada', familyName: 'Lovelace', formatted: 'Ada Lovelace' }, active: false, emails: [{ value: 'ada@acme.test' }], notes } as ScimRecord;
const group: ScimRecord = { schemas: [GROUP_SCHEMA], displayName: 'Ops', members: [{ value: 'm-1' }] };
const target = (index: number, id: string, record: ScimRecord, type = 'Users') => ({ index, id, url: `${BASE}/${type}/${id}`, record, memberIds: [] });

describe('a kept press', () => {
  it("keeps of each record only what names it and tells a user from a group: an edited record's 70 KB of notes are not kept", () => {
    const kept = keptPress({ resourceType: 'Users', targets: [target(0, 'u-1', user)], memberUsers: [] }, ORIGIN);
    const [record] = kept?.targets.map((kept) => kept.record) ?? [];
    expect(record && recordName(record)).toBe('Ada Lovelace');
    expect(record).not.toHaveProperty('notes');
    expect(JSON.stringify(kept).length).toBeLessThan(600);
    const keptGroup = keptPress({ resourceType: 'Groups', targets: [target(1, 'g-1', group, 'Groups')], memberUsers: [] }, ORIGIN);
    expect(keptGroup?.targets[0]?.record).toEqual({ schemas: [GROUP_SCHEMA], displayName: 'Ops' });
  });

  it('is nothing once nothing is left', () => {
    expect(keptPress({ resourceType: 'Users', targets: [], memberUsers: [] }, ORIGIN)).toBeUndefined();
  });

  it('comes back as the press it was, its Delete reaching each resource it kept', () => {
    const kept = keptPress({ resourceType: 'Users', targets: [target(0, 'u-1', user), target(4, 'u-5', user)], memberUsers: [] }, ORIGIN);
    if (!kept) throw new Error('nothing kept');
    const actions = restoredActions(kept, { baseUrl: BASE, timeoutMs: 1000 }, { onChange: () => undefined, emit: () => undefined });
    expect(actions.state).toMatchObject({ resourceType: 'Users', created: 2, remaining: { delete: 2 } });
    expect(actions.targets.map(({ index, url }) => [index, url])).toEqual([
      [0, `${BASE}/Users/u-1`],
      [4, `${BASE}/Users/u-5`],
    ]);
  });
});
