// @vitest-environment node
import { readFileSync } from 'node:fs';
import { SimpleFaker } from '@faker-js/faker';
import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import { ACTION_KINDS, RFC7644_DIALECT, type PutRequest, type UpdateRequest } from '../actions/table';
import { userChanges } from '../actions/user-changes';
import { generateRecords } from '../generate';
import type { PatchRequest } from '../http/client';
import { PATCH_OP_SCHEMA } from '../protocol';
import type { ScimGroup, ScimUser } from '../records/schemas';
import { PROFILES, type ProfileName } from '../profiles/names';
import { PROFILE_MODULES } from './index';

// Every profile through the same checks. Its records fitting RFC 7643 as scimmy reads them is
// generate.test.ts (every profile, every resource type); the sandbox applying every action of every
// profile and reading it back is demo/sandbox/dialects/lifecycle-actions.test.ts and checks.test.ts.
// Here: each action's form is a valid RFC 7644 request, or a deviation its IdP documents, named
// below with the document; and each profile's module cites where its forms come from.

/**
 * The documented deviations from RFC 7644, by profile and action. RFC 7644 §3.5.2 spells `op` as
 * "add", "remove" or "replace"; Entra capitalises it in every request of its tutorial, and sends
 * `active` as a string by default (application-provisioning-config-problem-scim-compatibility.md).
 */
const DEVIATIONS: Partial<Record<ProfileName, Partial<Record<(typeof ACTION_KINDS)[number], RegExp>>>> = {
  entra: { update: /^"op" is "Replace"/, deactivate: /^"op" is "Replace"/, 'remove-members': /^"op" is "Remove"/, rename: /^"op" is "Replace"/ },
};

const OPS = new Set(['add', 'remove', 'replace']);

/** Why a PATCH body is not RFC 7644 §3.5.2's, or undefined: scimmy's PatchOp must take it too. */
function patchProblem(body: PatchRequest): string | undefined {
  if (JSON.stringify(body.schemas) !== JSON.stringify([PATCH_OP_SCHEMA])) return `schemas ${JSON.stringify(body.schemas)}`;
  for (const operation of body.Operations) {
    if (!OPS.has(operation.op)) return `"op" is ${JSON.stringify(operation.op)}`;
    if (operation.op !== 'remove' && !('value' in operation)) return `${operation.op} without a value`;
    if (operation.op === 'remove' && !operation.path) return 'remove without a path';
    if ('value' in operation && typeof operation.value === 'string' && /^(true|false)$/i.test(operation.value)) return `a boolean as the string ${operation.value}`;
  }
  try {
    new SCIMMY.Messages.PatchOp(body as unknown as ConstructorParameters<typeof SCIMMY.Messages.PatchOp>[0]);
  } catch (error) {
    return `scimmy refuses it: ${(error as Error).message}`;
  }
  return undefined;
}

/** Why a PUT body is not a User RFC 7643 and 7644 §3.5.1 allow, or undefined. */
function putProblem(body: Record<string, unknown>, type: 'User' | 'Group'): string | undefined {
  try {
    SCIMMY.Schemas[type].definition.coerce(body, 'in');
  } catch (error) {
    return `scimmy refuses the ${type === 'User' ? 'user' : 'group'}: ${(error as Error).message}`;
  }
  return undefined;
}

type Sent = { patch: PatchRequest } | { put: Record<string, unknown>; type: 'User' | 'Group' };

/** The body each form sends, for one generated user and group of the profile. */
function sentBodies(profile: ProfileName): Record<(typeof ACTION_KINDS)[number], Sent | undefined> {
  const { dialect } = PROFILE_MODULES[profile];
  const user = generateRecords('Users', { profile, active: true })[0] as ScimUser;
  const group = { ...(generateRecords('Groups', { profile })[0] as ScimGroup), members: [{ value: 'member-1' }, { value: 'member-2' }] };
  const asSent = (request: UpdateRequest | PutRequest | PatchRequest, type: 'User' | 'Group'): Sent => {
    const held = structuredClone(type === 'User' ? user : group) as unknown as Record<string, unknown>;
    if ('put' in request) return { put: request.put({ ...held, id: 'id-1' }), type };
    if ('replace' in request) return { put: request.replace(held, 'id-1'), type };
    return { patch: 'patch' in request ? request.patch : request };
  };
  const faker = new SimpleFaker();
  faker.seed(5);
  return {
    update: asSent(dialect.update(userChanges(faker, user)), 'User'),
    deactivate: asSent(dialect.deactivate(false), 'User'),
    'remove-members': asSent(dialect['remove-members']('member-1'), 'Group'),
    rename: asSent(dialect.rename({ id: 'group-1', displayName: 'renamed_group' }), 'Group'),
    delete: undefined,
  };
}

describe.each(PROFILES)('the contract of profile %s', (profile) => {
  it('sends each action as a valid RFC 7644 request, or as a deviation its IdP documents', () => {
    const bodies = sentBodies(profile);
    for (const kind of ACTION_KINDS) {
      const body = bodies[kind];
      if (!body) continue;
      const problem = 'patch' in body ? patchProblem(body.patch) : putProblem(body.put, body.type);
      const deviation = DEVIATIONS[profile]?.[kind];
      if (deviation) expect(problem, `${kind}: the documented deviation`).toMatch(deviation);
      else expect(problem, `${kind}: ${JSON.stringify(body)}`).toBeUndefined();
    }
  });

  it('gives every form: one of each action, RFC 7644\'s where it has none of its own', () => {
    const { dialect } = PROFILE_MODULES[profile];
    expect(Object.keys(dialect).sort()).toEqual([...ACTION_KINDS].sort());
    expect(dialect.delete).toBe(RFC7644_DIALECT.delete);
  });

  it('cites where its forms come from in its module: an IdP document, source file or RFC section', () => {
    const source = readFileSync(new URL(`./${profile}.ts`, import.meta.url), 'utf8');
    const citations = source.match(/https?:\/\/\S+|[\w.-]+\.(?:md|py|js|yaml|html)\b|[\w.-]+\/[\w.-]+\/\S+|RFC 764[34] §[\d.]+/g) ?? [];
    expect(citations.length, 'citations').toBeGreaterThan(0);
    // Every form the profile replaces has a comment beside it.
    const { dialect } = PROFILE_MODULES[profile];
    for (const kind of ACTION_KINDS.filter((kind) => dialect[kind] !== RFC7644_DIALECT[kind] && source.includes(`${kind.includes('-') ? `'${kind}'` : kind}:`))) {
      const at = source.indexOf(`${kind.includes('-') ? `'${kind}'` : kind}:`, source.indexOf('dialect:'));
      expect(source.slice(Math.max(0, at - 400), at), `${kind}: a comment before its form`).toMatch(/\/\/ .+/);
    }
  });
});
