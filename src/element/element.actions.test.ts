import { act, fireEvent, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ActionItemResult, ActionResult } from '../batch/actions';
import type { CheckReport } from '../batch/checks';
import { ACTION_COMPLETE_EVENT, ACTION_RESULT_EVENT, CHECK_COMPLETE_EVENT } from '../public/event-names';
import { PROFILE_MODULES } from '../scim/profiles';
import { SECOND_LOOK_MS } from '../scim/actions/read-back';
import type { PendingCall } from '../test-support/deferred-fetch';
import { BASE_URL, answer, mountGenerator, press, setUpGeneratorPage, type MountedGenerator } from '../test-support/element';

const page = setUpGeneratorPage();

/** Answers the ten POSTs of the last press with 201 and an id each. */
async function createAll(calls: PendingCall[]): Promise<void> {
  for (const [index, call] of calls.entries()) await answer(call, 201, { body: { id: `id-${index}` } });
}

const actionButton = ({ ui }: MountedGenerator, name: 'Deactivate' | 'Delete') => ui.getByRole('button', { name });

/** What the section of the first press says it left on the server. */
const earlierStatus = ({ shadow }: MountedGenerator) => shadow.querySelector('[part~="earlier"] [part~="earlier-status"]')?.textContent;

/** Lets a read-back's wait before its second look pass (under fake timers). */
const secondLook = () => act(() => vi.advanceTimersByTimeAsync(SECOND_LOOK_MS));

function outcomes({ shadow }: MountedGenerator): (string | undefined)[] {
  return [...shadow.querySelectorAll('[part~="result"]')].map(
    (line) => line.querySelector('[part~="action"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? undefined,
  );
}

/** Presses Download HAR and reads the file the page would save. */
async function downloadedHar({ ui }: MountedGenerator): Promise<{ log: { entries: { request: { method: string; url: string }; comment: string }[] } }> {
  let saved: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved = blob as Blob;
    return 'blob:har';
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  fireEvent.click(ui.getByRole('button', { name: 'Download HAR' }));
  return JSON.parse((await saved?.text()) ?? '{}');
}

const statusText = ({ shadow }: MountedGenerator) => shadow.querySelector('[part="action-status"]')?.textContent;

describe('after a batch that created users', () => {
  it('offers Deactivate and Delete only once the batch has finished', async () => {
    const generator = mountGenerator();
    press(generator);
    await createAll(page.server.calls.slice(0, 9));
    expect(generator.ui.queryByRole('button', { name: 'Delete' })).toBeNull();
    // Each create its own id: two creates naming one id make neither the batch's own (issue 49).
    await answer(page.server.calls[9], 201, { body: { id: 'id-9' } });

    expect(actionButton(generator, 'Deactivate').getAttribute('aria-disabled')).toBe('false');
    expect(actionButton(generator, 'Delete').getAttribute('aria-disabled')).toBe('false');
    expect(statusText(generator)).toBe('10 users this batch created can be updated, deactivated or deleted.');
  });

  it('Deactivate PATCHes each created user and each line tells how it went', async () => {
    const generator = mountGenerator();
    press(generator);
    await createAll(page.server.calls);
    vi.useFakeTimers();
    fireEvent.click(actionButton(generator, 'Deactivate'));

    const patches = page.server.calls.slice(10);
    expect(patches.map((call) => [call.method, call.url])).toEqual(
      Array.from({ length: 10 }, (_, index) => ['PATCH', `${BASE_URL}/Users/id-${index}`]),
    );
    expect(patches[0]?.body).toEqual(PROFILE_MODULES.basic.dialect.deactivate(false));
    expect(statusText(generator)).toBe('Deactivating…');
    for (const call of patches.slice(1)) await answer(call, 200, { body: { active: false } });
    await answer(patches[0], 400, { body: { scimType: 'invalidValue', detail: 'active is read-only' } });
    // Each 2xx is read back; the fifth user's GET still shows it active.
    const reads = page.server.calls.slice(20);
    expect(reads.map((call) => call.method)).toEqual(Array(9).fill('GET'));
    for (const call of reads) await answer(call, 200, { body: { active: call.url.endsWith('/id-5') } });
    await secondLook(); // the fifth user's: still active
    await answer(page.server.calls[29], 200, { body: { active: true } });

    // Lines are in arrival order; the creations arrived in batch order.
    expect(outcomes(generator)).toEqual([
      '· Deactivate failed: 400 Bad Request — invalidValue: active is read-only',
      ...Array(4).fill('· Deactivated: 200 OK'),
      '· Not deactivated: the server still has active true (PATCH answered 200)',
      ...Array(4).fill('· Deactivated: 200 OK'),
    ]);
    expect(generator.shadow.querySelectorAll('[part~="action-failed"]')).toHaveLength(2);
    expect(statusText(generator)).toBe('10 users this batch created can be updated, deactivated or deleted.');
  });

  it('Delete leaves nothing to act on, and the buttons say so', async () => {
    const generator = mountGenerator();
    press(generator);
    await createAll(page.server.calls);
    fireEvent.click(actionButton(generator, 'Delete'));
    const deletes = page.server.calls.slice(10);
    expect(deletes.every((call) => call.method === 'DELETE' && call.body === undefined)).toBe(true);
    for (const [index, call] of deletes.entries()) await answer(call, index === 3 ? 404 : 204);
    // Each read back: a GET that answers 404 (RFC 7644 §3.6).
    const reads = page.server.calls.slice(20);
    expect(reads.map((call) => `${call.method} ${call.url}`).sort()).toEqual(deletes.map((call) => `GET ${call.url}`).sort());
    for (const call of reads) await answer(call, 404);

    expect(outcomes(generator)[3]).toBe('· Already gone: 404 Not Found');
    expect(outcomes(generator)[0]).toBe('· Deleted: 204 No Content');
    expect(actionButton(generator, 'Deactivate').getAttribute('aria-disabled')).toBe('true');
    expect(actionButton(generator, 'Delete').getAttribute('aria-disabled')).toBe('true');
    expect(statusText(generator)).toBe('Nothing left to act on: every user this batch created is deleted.');
    fireEvent.click(actionButton(generator, 'Delete'));
    expect(page.server.calls).toHaveLength(30);
  });

  it('dispatches one event per call and one when the action completes, without the key', async () => {
    localStorage.setItem('apikey', 'key-that-must-not-leak');
    const itemEvents: CustomEvent<ActionItemResult>[] = [];
    const completions: CustomEvent<ActionResult>[] = [];
    document.addEventListener(ACTION_RESULT_EVENT, (event) => itemEvents.push(event as CustomEvent<ActionItemResult>));
    document.addEventListener(ACTION_COMPLETE_EVENT, (event) => completions.push(event as CustomEvent<ActionResult>));
    const generator = mountGenerator();
    press(generator);
    await createAll(page.server.calls);
    fireEvent.click(actionButton(generator, 'Delete'));
    for (const call of page.server.calls.slice(10).reverse()) await answer(call, 204);
    // The read-backs, sent in the order the DELETEs were answered.
    for (const call of page.server.calls.slice(20)) await answer(call, 404);

    expect(itemEvents.map((event) => event.detail.index)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(itemEvents.every((event) => event.bubbles && event.composed && event.target === generator.element)).toBe(true);
    expect(itemEvents[0]?.detail).toMatchObject({
      action: 'delete',
      resourceId: 'id-9',
      status: 204,
      done: true,
      applied: true,
      request: { method: 'DELETE', url: `${BASE_URL}/Users/id-9` },
      response: { status: 204 },
    });
    expect(completions.map((event) => event.detail.results.map((result) => result.index))).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]);
    expect(JSON.stringify([...itemEvents, ...completions].map((event) => event.detail))).not.toContain('key-that-must-not-leak');
  });

  it('keeps every call: Details shows a line\'s POST, Deactivate\'s PATCH and read-back GET and Delete\'s DELETE and read-back GET, and the HAR all 50', async () => {
    const generator = mountGenerator();
    press(generator);
    await createAll(page.server.calls);
    fireEvent.click(actionButton(generator, 'Deactivate'));
    for (const call of page.server.calls.slice(10)) await answer(call, 200);
    for (const call of page.server.calls.slice(20)) await answer(call, 200, { body: { active: false } });
    fireEvent.click(actionButton(generator, 'Delete'));
    for (const call of page.server.calls.slice(30)) await answer(call, 204);
    for (const call of page.server.calls.slice(40)) await answer(call, 404);
    expect(page.server.calls).toHaveLength(50);

    const [firstLine] = generator.shadow.querySelectorAll('[part~="result"]');
    act(() => fireEvent.click(within(firstLine as HTMLElement).getByRole('button', { name: /^Details for / })));
    const titles = [...(firstLine?.querySelectorAll('.call-title') ?? [])].map((title) => title.textContent);
    expect(titles).toEqual(['Create · POST /scim/v2/Users', 'Deactivate · PATCH /scim/v2/Users/id-0', 'Deactivate · GET /scim/v2/Users/id-0', 'Delete · DELETE /scim/v2/Users/id-0', 'Delete · GET /scim/v2/Users/id-0']);
    expect(firstLine?.querySelector('[part="action"]')?.textContent).toBe(' · Deleted: 204 No Content');

    const har = await downloadedHar(generator);
    expect(har.log.entries.map((entry) => `${entry.request.method} ${entry.request.url}`)).toEqual(
      page.server.calls.map((call) => `${call.method} ${call.url}`),
    );
  });

  it("a new press abandons the action in flight: its calls abort, its answers show nowhere, and the first press's users stay listed with their own Delete", async () => {
    const events: Event[] = [];
    document.addEventListener(ACTION_RESULT_EVENT, (event) => events.push(event));
    const generator = mountGenerator();
    press(generator);
    await createAll(page.server.calls);
    fireEvent.click(actionButton(generator, 'Delete'));
    const deletes = page.server.calls.slice(10);
    press(generator);

    expect(deletes.every((call) => call.signal.aborted)).toBe(true);
    await act(async () => deletes.forEach((call) => call.respond(204)));
    expect(events).toEqual([]);
    expect(generator.shadow.querySelector('[part~="actions"]')).toBeNull();
    expect(earlierStatus(generator)).toBe('Press 1 made 10 users that are still on the server.');
    // Not while the new batch is sending.
    expect(actionButton(generator, 'Delete').getAttribute('aria-disabled')).toBe('true');
  });
});

describe('Check', () => {
  it('puts every call of its run in the call log: the HAR and the complete event hold each, after the batch\'s', async () => {
    const reports: CustomEvent<CheckReport>[] = [];
    document.addEventListener(CHECK_COMPLETE_EVENT, (event) => reports.push(event as CustomEvent<CheckReport>));
    const generator = mountGenerator();
    press(generator);
    await createAll(page.server.calls);
    vi.useFakeTimers();
    fireEvent.click(generator.ui.getByRole('button', { name: 'Check' }));
    // Each check waits for the answer before it: answer whatever comes next until the run ends,
    // letting a read-back's wait before its second look pass when nothing else is asked.
    for (let answered = 10; answered < page.server.calls.length || (await secondLook(), answered < page.server.calls.length); answered++) {
      await answer(page.server.calls[answered], 200, { body: {} });
    }

    const [report] = reports;
    expect(report?.detail.calls.map(({ request }) => `${request.method} ${request.url}`)).toEqual(
      page.server.calls.slice(10).map((call) => `${call.method} ${call.url}`),
    );
    const har = await downloadedHar(generator);
    expect(har.log.entries.map((entry) => `${entry.request.method} ${entry.request.url}`)).toEqual(
      page.server.calls.map((call) => `${call.method} ${call.url}`),
    );
    expect(har.log.entries.slice(10).every((entry) => entry.comment === 'check')).toBe(true);
    expect(generator.shadow.querySelectorAll('[part~="check"]')).toHaveLength(report?.detail.results.length ?? -1);
  });

  it('reads the ServiceProviderConfig first; a new press abandons it: the call under way ends (a check must put back what it changed), no further check runs, and no report or event follows', async () => {
    const events: Event[] = [];
    document.addEventListener(CHECK_COMPLETE_EVENT, (event) => events.push(event));
    const generator = mountGenerator();
    press(generator);
    await createAll(page.server.calls);
    fireEvent.click(generator.ui.getByRole('button', { name: 'Check' }));
    const [config] = page.server.calls.slice(10);
    expect([config?.method, config?.url]).toEqual(['GET', `${BASE_URL}/ServiceProviderConfig`]);
    expect(actionButton(generator, 'Delete').getAttribute('aria-disabled')).toBe('true');

    press(generator);
    expect(config?.signal.aborted).toBe(false);
    await act(async () => config?.respond(200, { body: {} }));
    // The press's ten POSTs, and no further call of the check.
    expect(page.server.calls.slice(11).map((call) => call.method)).toEqual(Array(10).fill('POST'));
    expect(events).toEqual([]);
    expect(generator.shadow.querySelector('[part~="check"]')).toBeNull();
  });
});

describe('the dialect of Deactivate', () => {
  it.each(['basic', 'full', 'entra', 'okta'] as const)('is that of profile="%s"', async (profile) => {
    const generator = mountGenerator({ 'base-url': BASE_URL, profile, flow: 'create' });
    press(generator);
    await createAll(page.server.calls);
    fireEvent.click(actionButton(generator, 'Deactivate'));
    expect(page.server.calls.slice(10).map((call) => call.body)).toEqual(Array(10).fill(PROFILE_MODULES[profile].dialect.deactivate(false)));
  });
});

describe('after a batch of groups', () => {
  it("offers Rename and Delete (no Deactivate, no Remove members without members), and nothing for a batch that created nothing but the earlier press's Delete", async () => {
    const generator = mountGenerator({ 'base-url': BASE_URL, 'resource-type': 'Groups' });
    press(generator);
    await createAll(page.server.calls.slice(0, 2));
    for (const call of page.server.calls.slice(2)) await answer(call, 409);
    expect(generator.ui.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(generator.ui.queryByRole('button', { name: 'Remove members' })).toBeNull();
    expect(statusText(generator)).toBe('2 groups this batch created can be renamed or deleted.');

    press(generator);
    for (const call of page.server.calls.slice(10)) await answer(call, 409);
    expect(generator.shadow.querySelector('[part~="actions"]')).toBeNull();
    // What the first press created stays deletable, from its own section.
    expect(earlierStatus(generator)).toBe('Press 1 made 2 groups that are still on the server.');
    expect(actionButton(generator, 'Delete').getAttribute('aria-disabled')).toBe('false');
  });
});
