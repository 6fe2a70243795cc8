import { act, fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BatchResult, ItemResult } from '../batch/results';
import { COMPLETE_EVENT, RESULT_EVENT } from '../public/event-names';
import { OWN_MEMBERS } from '../batch/members';
import { LIST_RESPONSE_SCHEMA, PATCH_OP_SCHEMA } from '../scim/protocol';
import type { ScimGroup, ScimUser } from '../scim/records/schemas';
import type { PendingCall } from '../test-support/deferred-fetch';
import { API_KEY_URL, answer, mountGenerator, press, setUpGeneratorPage, type MountedGenerator } from '../test-support/element';

const page = setUpGeneratorPage();

// Each test its own base URL: the users a page created are remembered per base URL for the page's life.
let tests = 0;
function groupsWithMembers(attributes: Record<string, string> = {}): MountedGenerator & { base: string } {
  const base = `https://scim${++tests}.example.com/scim/v2`;
  const generator = mountGenerator({ 'resource-type': 'Groups', 'base-url': base, 'api-key-url': API_KEY_URL, ...attributes });
  fireEvent.click(generator.ui.getByRole('checkbox', { name: 'Add members' }));
  return { ...generator, base };
}

const posts = () => page.server.calls.filter((call) => call.method === 'POST' && call.url.includes('/Groups'));
const settle = () => act(async () => undefined);

async function answerAll(calls: PendingCall[], status: number, body: (call: PendingCall, index: number) => unknown = () => undefined) {
  for (const [index, call] of calls.entries()) await answer(call, status, { body: body(call, index) });
}

/** Answers the POSTs of the users a Groups batch creates to be members (this page created none): `a0`, `a1`, … */
async function answerOwnMembers(status = 201): Promise<PendingCall[]> {
  const own = page.server.calls.splice(0, OWN_MEMBERS);
  await answerAll(own, status, (_call, index) => ({ id: `a${index}`, userName: `ada${index}@example.com` }));
  return own;
}

describe('Add members', () => {
  it('is unticked by default, and groups get no members then', () => {
    const generator = mountGenerator({ 'resource-type': 'Groups', 'base-url': 'https://plain.example.com/scim/v2' });
    expect((generator.ui.getByRole('checkbox', { name: 'Add members' }) as HTMLInputElement).checked).toBe(false);
    press(generator);
    expect(page.server.calls.map((call) => call.method)).toEqual(Array(10).fill('POST'));
    expect(posts().every((call) => !('members' in (call.body as object)))).toBe(true);
  });

  it('takes 1 to 5 members from the users a Users press on this page created at the same base URL', async () => {
    const groups = groupsWithMembers();
    const users = mountGenerator({ 'base-url': groups.base, 'api-key-url': API_KEY_URL });
    press(users);
    const created = page.server.calls.map((call) => (call.body as ScimUser).userName);
    await answerAll(page.server.calls.splice(0), 201, (_call, index) => ({ id: `u${index}`, meta: { location: `/scim/v2/Users/u${index}` } }));

    press(groups);
    await settle();
    expect(page.server.calls.every((call) => call.method === 'POST')).toBe(true); // no GET: the page knows its users
    for (const call of posts()) {
      const members = (call.body as ScimGroup).members ?? [];
      expect(members.length).toBeGreaterThanOrEqual(1);
      expect(members.length).toBeLessThanOrEqual(5);
      for (const member of members) {
        const index = Number(member.value.slice(1));
        expect(member.$ref).toBe(`${groups.base}/Users/${member.value}`);
        expect(created[index]).toBeDefined();
      }
    }
  });

  it("else creates its own users first, takes members only from them, and says so: never a user the server lists", async () => {
    const groups = groupsWithMembers();
    press(groups);
    await settle();
    const own = await answerOwnMembers();
    expect(own.map((call) => [call.method, call.url])).toEqual(Array(OWN_MEMBERS).fill(['POST', `${groups.base}/Users`]));
    expect(page.server.calls.some((call) => call.method === 'GET')).toBe(false);

    expect(posts()).toHaveLength(10);
    const ownIds = own.map((_call, index) => `a${index}`);
    for (const call of posts()) for (const member of (call.body as ScimGroup).members ?? []) expect(ownIds).toContain(member.value);
    await answerAll(posts(), 201, (_call, index) => ({ id: `g${index}` }));
    await waitFor(() => expect(groups.shadow.querySelector('[part="note"]')?.textContent).toContain(`the batch created ${OWN_MEMBERS} inactive users to be the groups' members`));
  });

  it.each([401, 429])('shows the usual notice and sends no group POSTs when creating those users answers %i', async (status) => {
    const results = vi.fn<(event: CustomEvent<ItemResult>) => void>();
    document.addEventListener('scim-generator-result', results);
    const groups = groupsWithMembers();
    press(groups);
    await settle();
    await answerOwnMembers(status);

    expect(page.server.calls).toHaveLength(0);
    expect(groups.shadow.querySelector('[part~="notice"]')).not.toBeNull();
    expect(results).toHaveBeenCalledTimes(10);
    expect(results.mock.calls.every(([event]) => event.detail.status === status)).toBe(true);
    document.removeEventListener('scim-generator-result', results);
  });

  it('creates the groups without members, and says why, when its users could not be created', async () => {
    const groups = groupsWithMembers();
    press(groups);
    await settle();
    await answerOwnMembers(400);
    await answerAll(posts(), 201, (_call, index) => ({ id: `g${index}` }));

    expect(posts().every((call) => !('members' in (call.body as object)))).toBe(true);
    expect(groups.shadow.querySelector('[part="note"]')?.textContent).toBe(
      'Groups created without members: this page had created no users here, and creating some to be members answered 400 Bad Request. A user the server already held is never made a member.',
    );
    expect(groups.shadow.querySelectorAll('[part~="success"]')).toHaveLength(10);
  });

  it('profile="entra" looks each group up, creates it as documented, then PATCHes its members into it', async () => {
    const groups = groupsWithMembers({ profile: 'entra' });
    press(groups);
    await settle();
    await answerOwnMembers();
    const lookups = page.server.calls.slice(0);
    expect(lookups.map((call) => [call.method, new URL(call.url).searchParams.get('excludedAttributes')])).toEqual(Array(10).fill(['GET', 'members']));
    await answerAll(lookups, 200, () => ({ schemas: [LIST_RESPONSE_SCHEMA], totalResults: 0, Resources: [] }));
    const creates = posts();
    expect(creates.every((call) => !('members' in (call.body as object)))).toBe(true);
    await answerAll(creates, 201, (_call, index) => ({ id: `g${index}` }));

    const patches = page.server.calls.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => call.url).sort()).toEqual(creates.map((_call, index) => `${groups.base}/Groups/g${index}`).sort());
    for (const call of patches) {
      expect(call.body).toEqual({ schemas: [PATCH_OP_SCHEMA], Operations: [{ op: 'Add', path: 'members', value: expect.any(Array) }] });
      for (const member of (call.body as { Operations: { value: object[] }[] }).Operations[0]?.value ?? []) expect(member).toEqual({ $ref: null, value: expect.stringMatching(/^a\d$/) });
    }
    await answerAll(patches.slice(0, 9), 204);
    await answer(patches[9], 400, { body: { detail: 'members not supported' } });
    await waitFor(() => expect(groups.shadow.querySelectorAll('[part~="result"]')).toHaveLength(10));
    expect(groups.shadow.querySelectorAll('[part~="success"]')).toHaveLength(9);
    expect(groups.shadow.querySelector('[part~="error"]')?.textContent).toContain('members not supported');
  });

  it('profile="okta": the events hold every call, the member lookup and each group\'s POST and PATCH, in the order sent', async () => {
    const results: ItemResult[] = [];
    const completions: BatchResult[] = [];
    const onResult = (event: Event) => results.push((event as CustomEvent<ItemResult>).detail);
    const onComplete = (event: Event) => completions.push((event as CustomEvent<BatchResult>).detail);
    document.addEventListener(RESULT_EVENT, onResult);
    document.addEventListener(COMPLETE_EVENT, onComplete);
    const groups = groupsWithMembers({ profile: 'okta' });
    press(groups);
    await settle();
    await answerOwnMembers();
    await answerAll(posts(), 201, (_call, index) => ({ id: `g${index}` }));
    await answerAll(page.server.calls.filter((call) => call.method === 'PATCH'), 204);
    document.removeEventListener(RESULT_EVENT, onResult);
    document.removeEventListener(COMPLETE_EVENT, onComplete);

    const [complete] = completions;
    expect(page.server.calls).toHaveLength(20);
    expect(complete?.calls.map(({ purpose, item }) => [purpose, item])).toEqual([
      ...Array(OWN_MEMBERS).fill(['members', undefined]),
      ...Array.from({ length: 10 }, (_, index) => ['create', index]),
      ...Array.from({ length: 10 }, (_, index) => ['members', index]),
    ]);
    expect(complete?.calls.slice(OWN_MEMBERS).map(({ request }) => `${request.method} ${request.url}`).sort()).toEqual(
      page.server.calls.map((call) => `${call.method} ${call.url}`).sort(),
    );
    for (const result of results) {
      expect(result.calls.map(({ purpose, request }) => `${purpose} ${request.method}`)).toEqual(['create POST', 'members PATCH']);
    }
  });

  it('stays ticked when the element is moved', async () => {
    const groups = groupsWithMembers();
    act(() => document.body.appendChild(document.createElement('section')).append(groups.element));
    await settle();
    expect((groups.ui.getByRole('checkbox', { name: 'Add members' }) as HTMLInputElement).checked).toBe(true);
  });
});
