// @vitest-environment node
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { parseConfig } from '../page/config';
import { ACTION_COMPLETE_EVENT } from '../public/event-names';
import type { ActionResult } from './actions';
import { BatchController } from './controller';
import { batchRuntime } from './load-runtime';
import type { addMembers as AddMembers } from './members';

// Which users a group takes is random (see assignMembers); from the second Groups press on, every
// group takes the first user only, so that the test knows which member users the new batch holds.
let membersPlanned = 0;
vi.mock('./members', async (original) => {
  const members = await original<typeof import('./members')>();
  const addMembers: typeof AddMembers = async (records, config, send) => {
    const found = await members.addMembers(records, config, send);
    if (membersPlanned++ === 0 || found.users.length === 0) return found;
    return { ...found, plan: members.assignMembers(records, found.users.slice(0, 1), config.profile) };
  };
  return { ...members, addMembers };
});

interface Resource {
  id: string;
  userName?: string;
  members?: { value: string }[];
}

/**
 * A SCIM server in memory (RFC 7644 §3.3 create, §3.4.1 read, §3.6 delete): a deleted user leaves
 * every group it was a member of. `requests` holds each request as `METHOD path`; `hold` keeps the
 * requests it matches, unanswered and not yet applied, until the function it returns is called.
 */
function memoryServer(base: string) {
  const store = { Users: new Map<string, Resource>(), Groups: new Map<string, Resource>() };
  const requests: string[] = [];
  const gates: { matches: (request: string) => boolean; opened: Promise<void> }[] = [];
  const hold = (matches: (request: string) => boolean) => {
    let open = () => {};
    gates.push({ matches, opened: new Promise<void>((resolve) => (open = resolve)) });
    return open;
  };
  let next = 0;
  const scim = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/scim+json' } });
  const notFound = () => scim(404, { schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '404', detail: 'Not found' });
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init = {}) => {
    const path = String(input).slice(base.length);
    const method = init.method ?? 'GET';
    requests.push(`${method} ${path}`);
    for (const gate of gates) if (gate.matches(`${method} ${path}`)) await gate.opened;
    const [, type, id] = path.split('/') as [string, 'Users' | 'Groups', string | undefined];
    const resources = store[type];
    if (method === 'POST') {
      // Ids unique to the server: the page's registries of users outlive a test.
      const resource = { ...(JSON.parse(String(init.body)) as object), id: `${new URL(base).hostname}-${type}-${++next}` };
      resources.set(resource.id, resource);
      return scim(201, { ...resource, meta: { location: `${base}/${type}/${resource.id}` } });
    }
    const resource = id === undefined ? undefined : resources.get(id);
    if (!resource || id === undefined) return notFound();
    if (method === 'GET') return scim(200, resource);
    if (method !== 'DELETE') return scim(405);
    resources.delete(id);
    for (const group of store.Groups.values()) group.members = group.members?.filter(({ value }) => value !== id);
    return scim(204);
  });
  return { store, requests, fetch, hold };
}

function setUp(resourceType: 'Users' | 'Groups', base: string) {
  const parsed = parseConfig({ resourceType, baseUrl: base }, 'https://docs.example.com/');
  if (!parsed.ok) throw new Error(parsed.message);
  const server = memoryServer(base);
  vi.stubGlobal('fetch', server.fetch);
  // An element of a document without a window: events but no storage to watch.
  const host = Object.assign(new EventTarget(), { ownerDocument: { defaultView: null } }) as unknown as HTMLElement;
  const controller = new BatchController(host);
  const completions: ActionResult[] = [];
  host.addEventListener(ACTION_COMPLETE_EVENT, (event) => completions.push((event as CustomEvent<ActionResult>).detail));
  /** Presses, without waiting for the batch to finish. */
  const start = () => controller.runBatch(parsed.config);
  const press = async () => {
    start();
    await vi.waitFor(() => expect(controller.getState().batch.actions).toBeDefined());
  };
  return { controller, server, completions, start, press };
}

const idsOf = (map: Map<string, Resource>) => [...map.keys()];

beforeAll(async () => {
  await batchRuntime.preload();
});

afterEach(() => vi.unstubAllGlobals());

it("after a second press, the first press's Delete deletes its ten users, each read back, and leaves the current batch as it was", async () => {
  const { controller, server, completions, press } = setUp('Users', 'https://users.example.com/scim/v2');
  await press();
  const first = idsOf(server.store.Users);
  await press();
  const second = idsOf(server.store.Users).filter((id) => !first.includes(id));
  expect(first).toHaveLength(10);
  expect(second).toHaveLength(10);

  const { batch, earlier } = controller.getState();
  expect(earlier).toHaveLength(1);
  expect(earlier[0]?.press).toBe(1);
  expect(earlier[0]?.actions.remaining.delete).toBe(10);
  controller.session?.deleteEarlier('1');
  await vi.waitFor(() => expect(completions).toHaveLength(1));

  // Gone from the server, each DELETE followed by a GET that answered 404 (RFC 7644 §3.6).
  expect(server.store.Users.size).toBe(10);
  expect(idsOf(server.store.Users)).toEqual(second);
  for (const id of first) expect(server.requests.filter((request) => request.endsWith(`/Users/${id}`))).toEqual([`DELETE /Users/${id}`, `GET /Users/${id}`]);
  const [entry] = controller.getState().earlier;
  const outcomes = Object.values(entry?.actions.outcomes ?? {});
  expect(outcomes).toHaveLength(10);
  expect(outcomes.every(({ action, done, applied, call }) => action === 'delete' && done && applied && call.status === 204)).toBe(true);
  expect(completions[0]?.results.map(({ resourceId }) => resourceId).sort()).toEqual([...first].sort());
  // The events say which press made what they acted on.
  expect([completions[0]?.batch, ...(completions[0]?.results.map(({ batch: press }) => press) ?? [])]).toEqual(Array(11).fill(1));
  expect(entry?.actions.remaining.delete).toBe(0);
  expect(entry?.actions.running).toBeNull();
  // The current batch's state is the very one it was: nothing of the earlier press reached it.
  expect(controller.getState().batch).toBe(batch);

  // The next press drops the press with nothing left, and keeps the second one, whose Delete waits
  // while the new batch is sending (its groups could be taking member users it would delete).
  const pressing = press();
  controller.session?.deleteEarlier('2');
  await pressing;
  expect(controller.getState().earlier.map(({ press: number }) => number)).toEqual([2]);
  expect(server.requests.filter((request) => request.startsWith('DELETE'))).toHaveLength(10);
  controller.reset();
  expect(controller.getState().earlier).toEqual([]);
});

it("deletes an earlier Groups press's member users but one a group of the current press holds, which it names", async () => {
  const { controller, server, completions, press } = setUp('Groups', 'https://groups.example.com/scim/v2');
  controller.setChoices({ addMembers: true });
  await press();
  const firstGroups = idsOf(server.store.Groups);
  const memberUsers = [...server.store.Users.values()];
  expect(memberUsers).toHaveLength(5);
  await press();
  const [held, ...free] = memberUsers;
  // The current press's groups hold the first member user only (see the mock above).
  const currentGroups = [...server.store.Groups.values()].filter(({ id }) => !firstGroups.includes(id));
  expect(currentGroups.every(({ members }) => members?.map(({ value }) => value).join() === held?.id)).toBe(true);
  const { batch, earlier } = controller.getState();
  expect(earlier.map(({ press: number, actions }) => [number, actions.remaining.delete])).toEqual([[1, 10]]);

  controller.session?.deleteEarlier('1');
  await vi.waitFor(() => expect(completions).toHaveLength(1));

  expect(idsOf(server.store.Groups)).toEqual(currentGroups.map(({ id }) => id));
  expect(idsOf(server.store.Users)).toEqual([held?.id]);
  for (const { id } of free) expect(server.requests.filter((request) => request.endsWith(`/Users/${id}`))).toEqual([`DELETE /Users/${id}`, `GET /Users/${id}`]);
  const { actions } = controller.getState().earlier[0] ?? {};
  const byId = new Map(actions?.memberUsers.map((user) => [user.resourceId, user]));
  expect(byId.get(held?.id ?? '')).toMatchObject({ userName: held?.userName, kept: "Kept: still a member of a group of another of this page's batches" });
  for (const { id } of free) expect(byId.get(id)).toMatchObject({ action: 'delete', done: true, applied: true });
  expect(completions[0]?.memberUsers).toHaveLength(5);
  expect(actions?.memberUsersLeft).toBe(0);
  expect(controller.getState().batch).toBe(batch);

  // The current press's Delete then deletes its groups and the member user no group holds any more.
  controller.session?.runAction('delete');
  await vi.waitFor(() => expect(completions).toHaveLength(2));
  expect(completions.map(({ batch: press }) => press)).toEqual([1, 2]);
  expect(server.store.Groups.size).toBe(0);
  expect(server.store.Users.size).toBe(0);
});

/** The member ids of each group on the server. */
const membersOf = (groups: Map<string, Resource>) => [...groups.values()].map(({ members }) => members?.map(({ value }) => value) ?? []);

it("a Groups press while an earlier press's Delete deletes its groups holds the member users it picks: that Delete keeps them, and names them", async () => {
  const { controller, server, completions, start, press } = setUp('Groups', 'https://picked.example.com/scim/v2');
  controller.setChoices({ addMembers: true });
  await press();
  const firstGroups = idsOf(server.store.Groups);
  const memberUsers = idsOf(server.store.Users);
  controller.setChoices({ addMembers: false });
  await press();
  controller.session?.runAction('delete');
  await vi.waitFor(() => expect(completions).toHaveLength(1));
  controller.setChoices({ addMembers: true });
  // Two presses later: the first press is earlier, its member users still on the server, held by its groups only.
  const groupDeletes = () => server.requests.filter((request) => request.startsWith('DELETE /Groups/')).length;
  const openGroupDeletes = server.hold((request) => request.startsWith('DELETE /Groups/'));
  const deletedBefore = groupDeletes();
  controller.session?.deleteEarlier('1');
  await vi.waitFor(() => expect(groupDeletes() - deletedBefore).toBe(10));
  // A new press while that Delete waits for its groups: it picks the member users the Delete will come to.
  const openCreates = server.hold((request) => request.startsWith('POST /Groups'));
  start();
  await vi.waitFor(() => expect(server.requests.filter((request) => request.startsWith('POST /Groups')).length).toBeGreaterThanOrEqual(30));
  openGroupDeletes();
  await vi.waitFor(() => expect(completions).toHaveLength(2));
  openCreates();
  await vi.waitFor(() => expect(controller.getState().batch.actions).toBeDefined());

  expect(completions[1]?.batch).toBe(1);
  expect(firstGroups.every((id) => !server.store.Groups.has(id))).toBe(true);
  const held = memberUsers[0] ?? '';
  // The new press's groups each hold the first of the page's users (see the mock above), on the server still.
  expect(membersOf(server.store.Groups)).toEqual(Array(10).fill([held]));
  expect(server.store.Users.has(held)).toBe(true);
  expect(completions[1]?.memberUsers?.find(({ resourceId }) => resourceId === held)).toMatchObject({ kept: "Kept: still a member of a group of another of this page's batches" });
  expect(server.requests).not.toContain(`DELETE /Users/${held}`);
});

it("a Groups press while an earlier press's Delete deletes its member users takes none of them: its groups' members stay on the server", async () => {
  const { controller, server, completions, press } = setUp('Groups', 'https://deleting.example.com/scim/v2');
  controller.setChoices({ addMembers: true });
  await press();
  const memberUsers = idsOf(server.store.Users);
  controller.setChoices({ addMembers: false });
  await press();
  // The earlier press's Delete has deleted its groups and sent its member users' DELETEs, not yet answered.
  const openUserDeletes = server.hold((request) => request.startsWith('DELETE /Users/'));
  controller.session?.deleteEarlier('1');
  await vi.waitFor(() => expect(server.requests.filter((request) => request.startsWith('DELETE /Users/'))).toHaveLength(memberUsers.length));
  controller.setChoices({ addMembers: true });
  await press();
  openUserDeletes();
  await vi.waitFor(() => expect(completions).toHaveLength(1));

  expect(memberUsers.every((id) => !server.store.Users.has(id))).toBe(true);
  // The new press made members of its own, since the page's users were all being deleted, and its groups keep them.
  const members = membersOf(server.store.Groups).flat();
  expect(members.length).toBeGreaterThanOrEqual(10);
  expect(members.every((id) => server.store.Users.has(id) && !memberUsers.includes(id))).toBe(true);
});

/** The browser's localStorage, in memory: it outlives a page load, as the browser's does. */
class MemoryStorage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  key = (index: number) => [...this.#items.keys()][index] ?? null;
  getItem = (name: string) => this.#items.get(name) ?? null;
  setItem = (name: string, value: string) => void this.#items.set(name, String(value));
  removeItem = (name: string) => void this.#items.delete(name);
  clear = () => this.#items.clear();
}

it('after a reload, the presses that left something are earlier-visit presses: Delete deletes every group and member user, Forget drops a press sending nothing, and nothing stays kept', async () => {
  const storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  const base = 'https://reloaded.example.com/scim/v2';
  const { controller, server, press } = setUp('Groups', base);
  controller.setChoices({ addMembers: true });
  await press();
  controller.setChoices({ addMembers: false });
  await press();
  expect([server.store.Groups.size, server.store.Users.size]).toEqual([20, 5]);
  const { leftOnServer } = await import('./left-on-server');
  expect(leftOnServer(base).map(({ press: number, targets, memberUsers }) => [number, targets.length, memberUsers.length])).toEqual([
    [1, 10, 5],
    [2, 10, 0],
  ]);

  // A new page load: the modules afresh (no user the page made is known), the server and the storage as they were.
  vi.resetModules();
  const reloaded = { BatchController: (await import('./controller')).BatchController, runtime: await (await import('./load-runtime')).batchRuntime.preload() };
  const host = Object.assign(new EventTarget(), { ownerDocument: { defaultView: null } }) as unknown as HTMLElement;
  const completions: ActionResult[] = [];
  host.addEventListener(ACTION_COMPLETE_EVENT, (event) => completions.push((event as CustomEvent<ActionResult>).detail));
  const after = new reloaded.BatchController(host);
  const session = after.sessionOf(reloaded.runtime);
  session.restoreEarlier({ baseUrl: base, timeoutMs: 30_000 });
  // Taken up once per page: a second element of the same base URL does not show them too.
  const second = new reloaded.BatchController(host);
  second.sessionOf(reloaded.runtime).restoreEarlier({ baseUrl: base, timeoutMs: 30_000 });
  expect(second.getState().earlier).toEqual([]);

  const earlier = after.getState().earlier;
  expect(earlier.map(({ press: number, earlierVisit, actions }) => [number, earlierVisit, actions.remaining.delete])).toEqual([
    [1, true, 10],
    [2, true, 10],
  ]);
  // Forget drops a press from the page and from what is kept, sending nothing; a press of this visit it leaves alone.
  const sent = server.requests.length;
  session.forgetEarlier(earlier[1]?.id ?? '');
  expect(after.getState().earlier.map(({ press: number }) => number)).toEqual([1]);
  expect((await import('./left-on-server')).leftOnServer(base).map(({ press: number }) => number)).toEqual([1]);
  expect(server.requests.length).toBe(sent);
  controller.session?.forgetEarlier('1');
  expect(controller.getState().earlier.map(({ press: number, earlierVisit }) => [number, earlierVisit])).toEqual([[1, undefined]]);
  for (const { id } of earlier.slice(0, 1)) {
    session.deleteEarlier(id);
    await vi.waitFor(() => expect(after.getState().earlier.find((entry) => entry.id === id)?.actions.running).toBeNull());
  }
  expect(completions.map(({ batch: number }) => number)).toEqual([1]);
  expect(completions[0]?.memberUsers?.map((user) => 'action' in user && user.applied)).toEqual(Array(5).fill(true));
  // The forgotten press's groups are still on the server: Forget sent nothing.
  expect([server.store.Groups.size, server.store.Users.size]).toEqual([10, 0]);
  for (const request of server.requests.filter((sent) => sent.startsWith('DELETE'))) expect(server.requests).toContain(request.replace('DELETE', 'GET'));
  expect(storage.length).toBe(0);
});
