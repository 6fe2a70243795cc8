// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ScimCall } from '../http/call';
import { GROUP_SCHEMA, USER_SCHEMA } from '../protocol';
import { checkContext } from '../../test-support/check-context';
import type { CheckContext } from './check';
import { partialPutRoundTrip, removeMemberRoundTrip, renameRoundTrip } from './round-trips';
import { USER_CHECKS } from './user-checks';
import { PROFILES, type ProfileName } from '../profiles/names';

const BASE = 'https://scim.example.com/scim/v2';
const URL_G = `${BASE}/Groups/g-1`;

type Operation = { op: string; path?: string; value?: unknown };

/** The call a server of these tests records: 200 OK to `request`, with `resource` as its JSON body. */
function answered({ method, url, body }: { method: string; url: string; body?: unknown }, resource: unknown): ScimCall {
  return {
    purpose: 'check',
    status: 200,
    statusText: 'OK',
    ok: true,
    startedAt: '',
    durationMs: 1,
    request: { method, url, headers: {}, ...(body ? { body } : {}) },
    response: { status: 200, statusText: 'OK', headers: {}, waitMs: 1, body: resource, bodyFormat: 'json' },
  } as ScimCall;
}

/**
 * One group of five members (two the batch did not give it), held in memory, answering GET and
 * PATCH as RFC 7644 §3.5.2 has them, but for `misbehave`, which can change how a PATCH applies.
 */
function group(misbehave: (members: string[], operation: Operation) => string[] | undefined = () => undefined) {
  const held = { displayName: 'sales_team', members: ['a', 'b', 'c', 'x', 'y'] };
  const send = async ({ method, body }: { method: string; body?: unknown }): Promise<ScimCall> => {
    if (method === 'PATCH') {
      for (const operation of (body as { Operations: Operation[] }).Operations) {
        const changed = misbehave(held.members, operation);
        if (changed) held.members = changed;
        else if (operation.op === 'remove') held.members = held.members.filter((id) => !operation.path?.includes(JSON.stringify(id)));
        else if (operation.op === 'add') held.members = [...new Set([...held.members, ...(operation.value as { value: string }[]).map(({ value }) => value)])];
        else if (operation.path === 'displayName') held.displayName = operation.value as string;
      }
    }
    const resource = { schemas: [GROUP_SCHEMA], id: 'g-1', displayName: held.displayName, members: held.members.map((value) => ({ value })) };
    return answered({ method, url: URL_G, body }, resource);
  };
  const target = { resourceType: 'Groups' as const, record: { schemas: [GROUP_SCHEMA], displayName: 'sales_team' }, id: 'g-1', url: URL_G, memberIds: ['a', 'b', 'c'] };
  const { context } = checkContext(target, { baseUrl: BASE, endpoint: `${BASE}/Groups` });
  return { context: { ...context, send } as CheckContext, held };
}

describe('the member round trip', () => {
  it('passes, and leaves every member the group had', async () => {
    const { context, held } = group();
    expect(await removeMemberRoundTrip(context)).toEqual({ pass: true });
    expect(held.members.sort()).toEqual(['a', 'b', 'c', 'x', 'y']);
  });

  it('against a removal that removes every member: fails, and adds back all five, not only the one it removed', async () => {
    const { context, held } = group((_members, { op }) => (op === 'remove' ? [] : undefined));
    const verdict = await removeMemberRoundTrip(context);
    expect(verdict).toEqual({ fail: expect.stringContaining('the server also dropped 2 other members') });
    expect(held.members.sort()).toEqual(['a', 'b', 'c', 'x', 'y']);
  });

  it('names the members it could not add back', async () => {
    const { context, held } = group((members, { op }) => (op === 'remove' ? [] : op === 'add' ? members : undefined));
    const verdict = await removeMemberRoundTrip(context);
    expect(verdict).toEqual({ fail: expect.stringContaining('adding back the 5 members a, b, c, x, y') });
    expect('fail' in verdict && verdict.fail).toContain('the group is left without those members: add them back by hand.');
    expect(held.members).toEqual([]);
  });
});

describe('the rename round trip', () => {
  it('puts the name back, and says so when that did not hold', async () => {
    const { context, held } = group();
    expect(await renameRoundTrip(context)).toEqual({ pass: true });
    expect(held.displayName).toBe('sales_team');
    const stuck = group((members, operation) => (operation.path === 'displayName' && operation.value === 'sales_team' ? members : undefined));
    const verdict = await renameRoundTrip(stuck.context);
    expect('fail' in verdict && verdict.fail).toContain('rename it "sales_team" by hand');
  });
});

describe('the partial PUT', () => {
  /** One user held in memory; a PUT replaces it (RFC 7644 §3.5.1), or with `merge` keeps what the PUT left out. */
  function user(merge: boolean) {
    let held: Record<string, unknown> = { schemas: [USER_SCHEMA], id: 'u-1', userName: 'ada@example.com', displayName: 'Ada', locale: 'en-US' };
    const send = async ({ method, body }: { method: string; body?: unknown }): Promise<ScimCall> => {
      if (method === 'PUT') held = merge ? { ...held, ...(body as object) } : { ...(body as object) };
      return answered({ method, url: `${BASE}/Users/u-1`, body }, held);
    };
    const target = { resourceType: 'Users' as const, record: { schemas: [USER_SCHEMA], userName: 'ada@example.com', name: { givenName: 'Ada', familyName: 'L' }, emails: [], active: false }, id: 'u-1', url: `${BASE}/Users/u-1`, memberIds: [] };
    const { context } = checkContext(target, { baseUrl: BASE, endpoint: `${BASE}/Users` }, { profile: 'okta' });
    return { context: { ...context, send } as CheckContext, held: () => held };
  }

  it('applies to every profile whose IdP updates users by PUT, with or without a GET first, and to no other', () => {
    const partialPut = USER_CHECKS.find(({ id }) => id === 'partial-put');
    const applies = (profile: ProfileName) => partialPut?.applies?.(checkContext(user(false).context.target, { baseUrl: BASE, endpoint: `${BASE}/Users` }, { profile }).context);
    expect(PROFILES.filter(applies)).toEqual(['okta', 'okta-aiw', 'onelogin', 'ping', 'authentik']);
  });

  it('passes when the PUT without locale clears it, and puts it back', async () => {
    const { context, held } = user(false);
    expect(await partialPutRoundTrip(context)).toEqual({ pass: true });
    expect(held().locale).toBe('en-US');
  });

  it('fails against a server that keeps what a PUT leaves out (put-partial), naming it', async () => {
    const { context, held } = user(true);
    expect(await partialPutRoundTrip(context)).toEqual({ fail: 'PUT without locale: PUT /scim/v2/Users/u-1 answered 200 OK, but the server still has locale "en-US".' });
    expect(held().locale).toBe('en-US');
  });
});

describe('the member round trip against a server that drops `members` once empty', () => {
  it('fails, naming the dropped members, and adds back all five', async () => {
    const { context, held } = group((_members, { op }) => (op === 'remove' ? [] : undefined));
    const send = context.send;
    // As the sandbox does: an empty group's GET has no `members` at all.
    const dropsEmpty: CheckContext['send'] = async (request) => {
      const call = await send(request);
      const body = call.response?.body as { members?: unknown[] };
      if (body.members?.length === 0) delete body.members;
      return call;
    };
    const verdict = await removeMemberRoundTrip({ ...context, send: dropsEmpty });
    expect(verdict).toEqual({ fail: 'Remove members: the member is gone, but the server also dropped 2 other members.' });
    expect(held.members.sort()).toEqual(['a', 'b', 'c', 'x', 'y']);
  });
});
