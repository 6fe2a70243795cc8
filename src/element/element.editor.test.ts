import { act, fireEvent, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckReport } from '../batch/checks';
import type { ItemResult } from '../batch/results';
import { CHECK_COMPLETE_EVENT, RESULT_EVENT } from '../public/event-names';
import { createRecordGenerator } from '../scim/generate';
import { SECOND_LOOK_MS } from '../scim/actions/read-back';
import type { ScimUser } from '../scim/records/schemas';
import type { ProfileName } from '../scim/profiles/names';
import type { PendingCall } from '../test-support/deferred-fetch';
import { BASE_URL, answer, mountGenerator, press, setUpGeneratorPage, type MountedGenerator } from '../test-support/element';
import { ACME_USER, CORE_GROUP, CORE_USER, RESOURCE_TYPES, listResponse } from '../test-support/server-schemas';
import { lazyEditor } from '../widget/EditRecords';

const page = setUpGeneratorPage();
beforeAll(() => lazyEditor.preload());

const SEED = '52';
/** The first batch of a seeded page: what the editor first shows. */
const firstBatch = (profile: ProfileName = 'basic') => createRecordGenerator(Number(SEED))('Users', { profile }) as ScimUser[];

/** Opens the editor and waits for its records. */
async function openEditor({ ui }: MountedGenerator): Promise<HTMLTextAreaElement> {
  fireEvent.click(ui.getByRole('button', { name: 'Edit records' }));
  return (await ui.findByRole('textbox', { name: /records the next press sends/ })) as HTMLTextAreaElement;
}

function edit(box: HTMLTextAreaElement, records: unknown): void {
  fireEvent.change(box, { target: { value: typeof records === 'string' ? records : JSON.stringify(records, null, 2) } });
}

async function createAll(calls: PendingCall[]): Promise<void> {
  for (const [index, call] of calls.entries()) await answer(call, 201, { body: { id: `id-${index}` } });
}

describe('the editor of the records', () => {
  it('is there by default, and editor="off" hides it', () => {
    expect(mountGenerator({ 'base-url': BASE_URL }).ui.getByRole('button', { name: 'Edit records' }).getAttribute('aria-expanded')).toBe('false');
    expect(mountGenerator({ 'base-url': BASE_URL, editor: 'off' }).ui.queryByRole('button', { name: 'Edit records' })).toBeNull();
  });

  it("shows the next press's ten records with the seed's values; a press sends them, the edited one as written, and says which was edited", async () => {
    const results: ItemResult[] = [];
    document.addEventListener(RESULT_EVENT, (event) => results.push((event as CustomEvent<ItemResult>).detail));
    const generator = mountGenerator({ 'base-url': BASE_URL, seed: SEED });
    const box = await openEditor(generator);
    const generated = firstBatch();
    expect(box.value).toBe(JSON.stringify(generated, null, 2));

    const records: Record<string, unknown>[] = structuredClone(generated) as unknown as Record<string, unknown>[];
    records[3] = { ...records[3], nickName: 'Edited by the reader' };
    edit(box, records);
    press(generator);

    expect(page.server.calls.map((call) => JSON.stringify(call.body))).toEqual(records.map((record) => JSON.stringify(record)));
    await createAll(page.server.calls);
    expect(results.map(({ index, edited }) => [index, edited])).toEqual(records.map((_, index) => [index, index === 3 ? true : undefined]));
    // Edits last: the next press sends the same text.
    expect(box.value).toBe(JSON.stringify(records, null, 2));
  });

  it('refuses a text that is not JSON: nothing is sent, and the message names the line', async () => {
    const generator = mountGenerator({ 'base-url': BASE_URL, seed: SEED });
    const box = await openEditor(generator);
    const lines = box.value.split('\n');
    const at = lines.findIndex((line) => line.includes('"userName"'));
    lines[at] = (lines[at] as string).replace(/,$/, '');
    edit(box, lines.join('\n'));
    press(generator);

    expect(page.server.calls).toEqual([]);
    expect(generator.ui.getByRole('alert').textContent).toMatch(new RegExp(`^Nothing was sent: the text is not JSON at line ${at + 2}, column \\d+ \\(record 1\\)`));
  });

  it('Reset edits brings back the generated records; an unedited press lets the next one make new records', async () => {
    const generator = mountGenerator({ 'base-url': BASE_URL, seed: SEED });
    let box = await openEditor(generator);
    const shown = box.value;
    edit(box, '[]');
    fireEvent.click(generator.ui.getByRole('button', { name: 'Reset edits' }));
    box = generator.ui.getByRole('textbox', { name: /records the next press sends/ }) as HTMLTextAreaElement;
    expect(box.value).toBe(shown);
    press(generator);
    expect(page.server.calls.map((call) => JSON.stringify(call.body))).toEqual(firstBatch().map((record) => JSON.stringify(record)));
    await waitFor(() => expect((generator.ui.getByRole('textbox', { name: /records the next press sends/ }) as HTMLTextAreaElement).value).not.toBe(shown));
  });

  it('drops the edits when the profile or the resource type changes, and shows records of the new shape', async () => {
    const generator = mountGenerator({ 'base-url': BASE_URL, seed: SEED });
    const box = await openEditor(generator);
    edit(box, '[]');
    act(() => generator.element.setAttribute('profile', 'full'));
    await waitFor(() => expect((generator.ui.getByRole('textbox', { name: /records the next press sends/ }) as HTMLTextAreaElement).value).not.toBe('[]'));
    const full = JSON.parse((generator.ui.getByRole('textbox', { name: /records the next press sends/ }) as HTMLTextAreaElement).value) as Record<string, unknown>[];
    expect(full).toHaveLength(10);
    expect(full.every((record) => 'title' in record)).toBe(true); // the full profile's shape
    act(() => generator.element.setAttribute('resource-type', 'Groups'));
    await waitFor(() => expect((generator.ui.getByRole('textbox', { name: /records the next press sends/ }) as HTMLTextAreaElement).value).toMatch(/"displayName"/));
    const groups = JSON.parse((generator.ui.getByRole('textbox', { name: /records the next press sends/ }) as HTMLTextAreaElement).value) as Record<string, unknown>[];
    expect(groups.every((record) => !('userName' in record))).toBe(true);
    press(generator);
    expect(page.server.calls.map((call) => JSON.stringify(call.body))).toEqual(groups.map((record) => JSON.stringify(record)));
    expect(new URL(page.server.calls[0]?.url ?? '').pathname).toBe('/scim/v2/Groups');
  });

  it('remakes records no one edited when "Create activated users" changes, and keeps edited ones as written', async () => {
    const generator = mountGenerator({ 'base-url': BASE_URL, seed: SEED });
    const box = await openEditor(generator);
    expect((JSON.parse(box.value) as ScimUser[]).map(({ active }) => active)).toEqual(Array(10).fill(false));
    fireEvent.click(generator.ui.getByRole('checkbox'));
    await waitFor(() => expect((JSON.parse((generator.ui.getByRole('textbox', { name: /records the next press sends/ }) as HTMLTextAreaElement).value) as ScimUser[]).map(({ active }) => active)).toEqual(Array(10).fill(true)));
    const edited = (generator.ui.getByRole('textbox', { name: /records the next press sends/ }) as HTMLTextAreaElement).value.replace('"active": true', '"active": false');
    edit(generator.ui.getByRole('textbox', { name: /records the next press sends/ }) as HTMLTextAreaElement, edited);
    fireEvent.click(generator.ui.getByRole('checkbox'));
    expect((generator.ui.getByRole('textbox', { name: /records the next press sends/ }) as HTMLTextAreaElement).value).toBe(edited);
    press(generator);
    expect(page.server.calls.map((call) => (call.body as ScimUser).active)).toEqual([false, ...Array(9).fill(true)]);
  });

  it('sends no draft with editor="off": a draft the reader can no longer see does not go out', async () => {
    const generator = mountGenerator({ 'base-url': BASE_URL, seed: SEED });
    edit(await openEditor(generator), '[]');
    act(() => generator.element.setAttribute('editor', 'off'));
    press(generator);
    expect(page.server.calls).toHaveLength(10);
  });

  it('with schema="discover", shows records fitted to the schema it reads, and refuses an attribute the schema lacks at its line', async () => {
    const base = 'https://editor-schema.example.com/scim/v2';
    const generator = mountGenerator({ 'base-url': base, schema: 'discover', seed: SEED });
    fireEvent.click(generator.ui.getByRole('button', { name: 'Edit records' }));
    await waitFor(() => expect(page.server.calls).toHaveLength(2));
    const byPath = (path: string) => page.server.calls.find((call) => call.url === `${base}${path}`);
    await answer(byPath('/ResourceTypes'), 200, { body: listResponse(RESOURCE_TYPES) });
    await answer(byPath('/Schemas'), 200, { body: listResponse([CORE_USER, CORE_GROUP, ACME_USER]) });
    const box = (await generator.ui.findByRole('textbox', { name: /records the next press sends/ })) as HTMLTextAreaElement;
    const records = JSON.parse(box.value) as Record<string, unknown>[];
    expect(records.every((record) => ACME_USER.id in record)).toBe(true);

    records[7] = { ...records[7], shoeSize: 44 };
    const text = JSON.stringify(records, null, 2);
    edit(box, text);
    press(generator);
    expect(page.server.calls).toHaveLength(2); // the reads, and nothing sent
    const line = text.split('\n').findIndex((row) => row.includes('"shoeSize"')) + 1;
    expect(generator.ui.getByRole('alert').textContent).toBe(`Nothing was sent: record 8, line ${line}: the server's schema has no attribute "shoeSize" (${CORE_USER.id}).`);
  });

  it('starts the IdP flow from the edited record: Entra looks up the userName the reader wrote', async () => {
    const generator = mountGenerator({ 'base-url': BASE_URL, seed: SEED, profile: 'entra' });
    const box = await openEditor(generator);
    const records = firstBatch('entra');
    records[0] = { ...records[0], userName: 'edited.reader@example.com' } as ScimUser;
    edit(box, records);
    press(generator);
    const lookup = page.server.calls[0];
    expect(new URL(lookup?.url ?? '').searchParams.get('filter')).toBe('userName eq "edited.reader@example.com"');
    await answer(lookup, 200, { body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, Resources: [] } });
    const create = page.server.calls.find((call) => call.method === 'POST');
    expect(JSON.stringify(create?.body)).toBe(JSON.stringify(records[0]));
  });

  it("starts the actions from the edited record: authentik's Deactivate PUTs it back as the reader wrote it", async () => {
    const generator = mountGenerator({ 'base-url': BASE_URL, seed: SEED, profile: 'authentik', flow: 'create' });
    const box = await openEditor(generator);
    const records = firstBatch('authentik') as unknown as Record<string, unknown>[];
    records.forEach((record, index) => (record.title = `Edited title ${index}`));
    edit(box, records);
    press(generator);
    await createAll(page.server.calls);
    fireEvent.click(generator.ui.getByRole('button', { name: 'Deactivate' }));
    const puts = page.server.calls.slice(10);
    expect(puts.map((call) => call.method)).toEqual(Array(10).fill('PUT'));
    expect(puts.map((call) => (call.body as Record<string, unknown>).title)).toEqual(records.map((record) => record.title));
  });

  it('starts Check from the edited record: its calls carry what the reader wrote', async () => {
    const reports: CheckReport[] = [];
    document.addEventListener(CHECK_COMPLETE_EVENT, (event) => reports.push((event as CustomEvent<CheckReport>).detail));
    const generator = mountGenerator({ 'base-url': BASE_URL, seed: SEED });
    const box = await openEditor(generator);
    const records = firstBatch() as unknown as Record<string, unknown>[];
    records.forEach((record, index) => (record.userName = `edited-${index}@example.com`));
    edit(box, records);
    press(generator);
    await createAll(page.server.calls);
    vi.useFakeTimers();
    fireEvent.click(generator.ui.getByRole('button', { name: 'Check' }));
    for (let answered = 10; answered < page.server.calls.length || (await act(() => vi.advanceTimersByTimeAsync(SECOND_LOOK_MS)), answered < page.server.calls.length); answered++) {
      await answer(page.server.calls[answered], 200, { body: {} });
    }
    expect(reports).toHaveLength(1);
    const checkCalls = page.server.calls.slice(10).map((call) => `${call.url} ${JSON.stringify(call.body ?? null)}`);
    expect(checkCalls.some((call) => /edited-\d@example\.com/.test(decodeURIComponent(call)))).toBe(true);
  });
});
