import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_KEY_STORAGE_NAME } from '../public/constants';
import { SNIPPET_TARGETS } from '../scim/snippets';
import { CUT_DEEPER } from './json-text';
import { answer, mountGenerator, press, setUpGeneratorPage, type MountedGenerator } from '../test-support/element';

const page = setUpGeneratorPage();
const KEY = 'k-details-secret-1';

async function pressAndAnswerFirst(generator: MountedGenerator, body: object): Promise<HTMLElement> {
  press(generator);
  await answer(page.server.calls[0], 201, { body });
  return generator.ui.getByRole('button', { name: /^Details for / });
}

describe('the details panel of a line', () => {
  it('is closed until its Details button opens it, then shows the request, the response and the duration as text', async () => {
    localStorage.setItem(API_KEY_STORAGE_NAME, KEY);
    const generator = mountGenerator();
    const details = await pressAndAnswerFirst(generator, { id: '42', note: '<img src=x onerror=alert(1)>' });
    const panel = generator.shadow.getElementById(details.getAttribute('aria-controls') ?? '');

    expect(details.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.hidden).toBe(true);
    act(() => fireEvent.click(details));

    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    const text = panel?.textContent ?? '';
    expect(text).toContain(`POST ${page.server.calls[0]?.url}`);
    expect(text).toContain('Authorization: Bearer $SCIM_TOKEN');
    expect(text).toContain('"userName"');
    expect(text).toContain('201 Created');
    expect(text).toContain('"id": "42"');
    expect(text).toMatch(/Duration: \d+ ms/);
    expect(text).not.toContain(KEY);
    expect(panel?.querySelector('img')).toBeNull();
  });

  it('Copy as cURL writes the command to the clipboard and says Copied', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const generator = mountGenerator();
    const details = await pressAndAnswerFirst(generator, { id: '7' });
    act(() => fireEvent.click(details));

    await act(async () => fireEvent.click(generator.ui.getByRole('button', { name: 'Copy as cURL' })));
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/^curl --globoff -X POST '.*\/Users' /));
    expect(generator.ui.getByText('Copied')).toBeTruthy();
  });

  it('makes the snippet on a click of Copy as, not when the panel opens', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => undefined) } });
    const generate = vi.spyOn(SNIPPET_TARGETS[0], 'generate');
    const generator = mountGenerator();
    const details = await pressAndAnswerFirst(generator, { id: '7' });
    act(() => fireEvent.click(details));
    expect(generate).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(generator.ui.getByRole('button', { name: 'Copy as cURL' })));
    expect(generate).toHaveBeenCalledTimes(1);
    generate.mockRestore();
  });

  it('shows the text selected to copy by hand where the clipboard is refused', async () => {
    const writeText = vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const generator = mountGenerator();
    const details = await pressAndAnswerFirst(generator, { id: '7' });
    act(() => fireEvent.click(details));

    await act(async () => fireEvent.click(generator.ui.getByRole('button', { name: 'Copy response JSON' })));
    const fallback = generator.ui.getByRole('textbox', { name: 'Copy response JSON: text to copy' }) as HTMLTextAreaElement;
    expect(JSON.parse(fallback.value)).toEqual({ id: '7' });
    // Selected and focused, as the status says, so Ctrl+C copies it at once.
    expect(generator.shadow.activeElement).toBe(fallback);
    expect([fallback.selectionStart, fallback.selectionEnd]).toEqual([0, fallback.value.length]);
  });
});

describe('Copy response JSON', () => {
  async function copiedResponse(status: number, body: string, contentType: string): Promise<string> {
    const writeText = vi.fn<(text: string) => Promise<void>>(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], status, { body, contentType });
    act(() => fireEvent.click(generator.ui.getByRole('button', { name: /^Details for / })));
    await act(async () => fireEvent.click(generator.ui.getByRole('button', { name: 'Copy response JSON' })));
    return writeText.mock.calls[0]?.[0] ?? '';
  }

  it('copies a text body as a JSON string: its NUL and ANSI escapes stay escaped, never raw (L7)', async () => {
    const body = 'Oops\u0000 \u001b[31mred\u001b[0m \u001b]0;title\u0007 \u009b2J';
    const copied = await copiedResponse(500, body, 'text/plain');
    // eslint-disable-next-line no-control-regex -- the control characters are the point
    expect(copied).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(JSON.parse(copied)).toBe(body);
  });

  it('copies a JSON body nested 5,000 deep, cut, without throwing (M2)', async () => {
    const copied = await copiedResponse(201, `${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/scim+json');
    expect(copied).toContain(CUT_DEEPER);
  });
});

describe('the Details buttons', () => {
  it('have ten names, each starting with the word shown: the created name, else the item', async () => {
    const generator = mountGenerator();
    press(generator);
    for (const [index, call] of page.server.calls.entries()) await answer(call, index === 4 ? 409 : 201);
    const names = generator.ui.getAllByRole('button', { name: /^Details/ }).map((button) => button.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(10);
    expect(names).toContain('Details for item 5');
    const [first] = generator.shadow.querySelectorAll('[part~="success"] [part="name"]');
    expect(names).toContain(`Details for ${first?.textContent}`);
  });
});

describe('Download HAR', () => {
  it('follows a batch with something to inspect, but not a 401 batch, whose notice says all there is', async () => {
    const generator = mountGenerator();
    press(generator);
    for (const call of page.server.calls) await answer(call, 401, { body: { detail: 'no key' } });
    expect(generator.shadow.querySelector('[part~="notice"]')).not.toBeNull();
    expect(generator.ui.queryByRole('button', { name: 'Download HAR' })).toBeNull();

    press(generator);
    for (const call of page.server.calls.slice(10)) await answer(call, 409);
    expect(generator.ui.getByRole('button', { name: 'Download HAR' })).toBeTruthy();
  });
});

describe('progress', () => {
  it('shows "n of 10" from the press until the tenth answer', async () => {
    const generator = mountGenerator();
    press(generator);
    const progress = () => generator.shadow.querySelector('[part="progress"]');
    expect(progress()?.textContent).toBe(' 0 of 10');
    for (const [index, call] of page.server.calls.entries()) {
      await answer(call, 201);
      if (index < 9) expect(progress()?.textContent).toBe(` ${index + 1} of 10`);
    }
    expect(progress()).toBeNull();
  });
});
