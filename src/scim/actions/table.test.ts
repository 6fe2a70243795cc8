import { describe, expect, it } from 'vitest';
import { documentedFrom } from '../../test-support/documentation';
import { PROFILE_MODULES } from '../profiles';
import { PROFILES } from '../profiles/names';
import { faker } from '@faker-js/faker';
import type { ScimCallOptions, ScimResult } from '../http/client';
import { SECOND_LOOK_MS } from './read-back';
import { ACTIONS, ACTION_KINDS, RFC7644_DIALECT, appliesTo, isActionDone, performAction, type ActionTarget } from './table';

const target = (fields: Partial<ActionTarget> = {}): ActionTarget => ({
  id: 'x',
  url: 'https://scim.example.com/scim/v2/Groups/x',
  record: { schemas: [], displayName: 'g' },
  memberIds: [],
  deactivated: false,
  deleted: false,
  ...fields,
});

describe('the action table', () => {
  it('lists each action once, with its own button and texts', () => {
    expect(ACTION_KINDS).toEqual(['update', 'deactivate', 'remove-members', 'rename', 'delete']);
    for (const key of ['label', 'running', 'done', 'failed'] as const) {
      expect(new Set(ACTION_KINDS.map((kind) => ACTIONS[kind][key])).size).toBe(ACTION_KINDS.length);
    }
  });

  it("gives every profile a form of every action's request, RFC 7644's where the profile has none of its own", () => {
    for (const profile of PROFILES) expect(Object.keys(PROFILE_MODULES[profile].dialect).sort()).toEqual([...ACTION_KINDS].sort());
    expect(PROFILE_MODULES.basic.dialect).toBe(RFC7644_DIALECT);
    expect(PROFILE_MODULES.okta.dialect['remove-members']).toBe(RFC7644_DIALECT['remove-members']);
    expect(PROFILE_MODULES.entra.dialect.rename).not.toBe(RFC7644_DIALECT.rename);
  });

  it('applies nothing to a deleted resource, Remove members only to a group with a member left, Update only to a user', () => {
    expect(ACTION_KINDS.filter((kind) => appliesTo(kind, target({ deleted: true, memberIds: ['a'] })))).toEqual([]);
    expect(ACTION_KINDS.filter((kind) => appliesTo(kind, target()))).toEqual(['rename', 'delete']);
    expect(ACTION_KINDS.filter((kind) => appliesTo(kind, target({ memberIds: ['a'] })))).toEqual(['remove-members', 'rename', 'delete']);
  });

  it('counts a 404 to Delete as done (RFC 7644 §3.6: gone either way), and only a 2xx for the others', () => {
    const answered = (status: number) => ({ status, ok: status < 300 }) as Parameters<typeof isActionDone>[1];
    expect(isActionDone('delete', answered(404))).toBe(true);
    expect(isActionDone('rename', answered(404))).toBe(false);
    expect(isActionDone('update', answered(200))).toBe(true);
  });

  it('reads a Delete back: deleted only once a GET answers 404, late when only the second look does', async () => {
    const deleteWith = async (...getStatuses: number[]) => {
      const sent: string[] = [];
      const waits: number[] = [];
      const send = async ({ method }: Pick<ScimCallOptions, 'method' | 'url'>) => {
        sent.push(method);
        const status = method === 'DELETE' ? 204 : (getStatuses.shift() as number);
        return { status, ok: status < 300, statusText: '' } as ScimResult;
      };
      const deleted = target();
      const end = await performAction('delete', RFC7644_DIALECT, { target: deleted, faker, send, delay: async (ms) => void waits.push(ms) });
      return { readBack: end.readBack, deleted: deleted.deleted, sent, waits };
    };
    expect(await deleteWith(404)).toEqual({ readBack: { applied: true, differences: [] }, deleted: true, sent: ['DELETE', 'GET'], waits: [] });
    expect(await deleteWith(200, 200)).toEqual({
      readBack: { applied: false, differences: ['a GET still finds the group'] },
      deleted: false,
      sent: ['DELETE', 'GET', 'GET'],
      waits: [SECOND_LOOK_MS],
    });
    expect(await deleteWith(200, 404)).toMatchObject({ readBack: { applied: true, appliedAfterMs: SECOND_LOOK_MS }, deleted: true });
  });

  it('is the table the docs show: one row per action, with its button', () => {
    const [, , ...rows] = documentedFrom((line) => line.startsWith('| action |'), 'a table headed "action"');
    const documented = rows.slice(0, rows.findIndex((line) => !line.startsWith('|'))).map((line) => line.split('|').map((cell) => cell.trim()));
    expect(documented.map((cells) => cells[1])).toEqual(ACTION_KINDS.map((kind) => `\`${kind}\``));
    expect(documented.map((cells) => cells[2])).toEqual(ACTION_KINDS.map((kind) => ACTIONS[kind].label));
  });
});
