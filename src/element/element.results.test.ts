import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BatchResult, ItemResult } from '../batch/results';
import { RESULT_EVENT } from '../public/event-names';
import { ENTERPRISE_USER_SCHEMA, ERROR_SCHEMA, GROUP_SCHEMA, USER_SCHEMA } from '../scim/protocol';
import type { ScimGroup, ScimUser } from '../scim/records/schemas';
import type { PendingCall } from '../test-support/deferred-fetch';
import {
  API_KEY_URL,
  BASE_URL,
  answer,
  clickLink,
  failCall,
  mountGenerator,
  press,
  setUpGeneratorPage,
  shownLines,
  type MountedGenerator,
} from '../test-support/element';

const page = setUpGeneratorPage();

const nameOf = (call: PendingCall | undefined) => (call?.body as ScimUser).name.formatted;

function noticeText({ shadow }: MountedGenerator): string | undefined {
  return shadow.querySelector('[part="notice"]')?.textContent ?? undefined;
}

/** The notice's paragraphs, each as its text. */
function noticeParagraphs({ shadow }: MountedGenerator): string[] {
  return [...shadow.querySelectorAll('[part="notice"] p')].map((paragraph) => paragraph.textContent ?? '');
}

describe('pressing Generate', () => {
  it('sends ten POSTs of SCIM JSON to {base-url}/Users in the same task', () => {
    press(mountGenerator());

    expect(page.server.fetch).toHaveBeenCalledTimes(10);
    for (const call of page.server.calls) {
      expect(call.url).toBe(`${BASE_URL}/Users`);
      expect(call.method).toBe('POST');
      expect(call.headers.get('Content-Type')).toBe('application/scim+json');
      expect((call.body as ScimUser).schemas).toEqual([USER_SCHEMA, ENTERPRISE_USER_SCHEMA]);
    }
    const userNames = page.server.calls.map((call) => (call.body as ScimUser).userName.toLowerCase());
    expect(new Set(userNames).size).toBe(10);
  });

  it('sends ten Groups to {base-url}/Groups for resource-type="Groups"', () => {
    press(mountGenerator({ 'resource-type': 'Groups', 'base-url': `${BASE_URL}/` }));

    expect(page.server.calls.map((call) => call.url)).toEqual(Array(10).fill(`${BASE_URL}/Groups`));
    expect(page.server.calls.every((call) => (call.body as ScimGroup).schemas[0] === GROUP_SCHEMA)).toBe(true);
  });

  it('reads the key from localStorage at each press and sends it only as a bearer credential', () => {
    const generator = mountGenerator();
    const authorizations = () => new Set(page.server.calls.splice(0).map((call) => call.headers.get('Authorization')));

    localStorage.setItem('apikey', 'first-key');
    press(generator);
    expect(authorizations()).toEqual(new Set(['Bearer first-key']));

    localStorage.setItem('apikey', ' second-key ');
    press(generator);
    expect(authorizations()).toEqual(new Set(['Bearer second-key']));

    localStorage.removeItem('apikey');
    press(generator);
    expect(authorizations()).toEqual(new Set([null]));
  });

  it('sends no Authorization header, and still sends, when localStorage throws', () => {
    vi.spyOn(globalThis, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    });
    press(mountGenerator());

    expect(page.server.calls).toHaveLength(10);
    expect(page.server.calls.every((call) => !call.headers.has('Authorization'))).toBe(true);
  });

  it('sets active on every user from the checkbox', () => {
    const generator = mountGenerator();
    const activeFlags = () => new Set(page.server.calls.splice(0).map((call) => (call.body as ScimUser).active));

    press(generator);
    expect(activeFlags()).toEqual(new Set([false]));

    fireEvent.click(generator.ui.getByRole('checkbox', { name: 'Create activated users' }));
    press(generator);
    expect(activeFlags()).toEqual(new Set([true]));

    fireEvent.click(generator.ui.getByRole('checkbox', { name: 'Create activated users' }));
    press(generator);
    expect(activeFlags()).toEqual(new Set([false]));
  });
});

describe('result lines', () => {
  it('shows one line per response, as it arrives, with the name only on success', async () => {
    const generator = mountGenerator();
    press(generator);
    const [first, second, third, fourth] = [7, 2, 0, 5].map((index) => page.server.calls[index]);

    await answer(first, 201, { statusText: 'Created' });
    expect(shownLines(generator)).toEqual([
      { part: 'result success', status: '201', statusText: 'Created', name: nameOf(first), detail: undefined },
    ]);

    const scimError = { schemas: [ERROR_SCHEMA], scimType: 'uniqueness', detail: 'userName taken' };
    await answer(second, 409, { statusText: 'Conflict', body: scimError });
    await answer(third, 500, { statusText: 'Internal Server Error', body: '<h1>Oops</h1>', contentType: 'text/html' });
    await failCall(fourth);

    expect(shownLines(generator).slice(1)).toEqual([
      { part: 'result error', status: '409', statusText: 'Conflict', name: undefined, detail: '— uniqueness: userName taken' },
      { part: 'result error', status: '500', statusText: 'Internal Server Error', name: undefined, detail: undefined },
      { part: 'result error', status: '0', statusText: 'Network error', name: undefined, detail: expect.any(String) },
    ]);
  });

  it('shows the standard reason phrase when the status text is empty, as on HTTP/2', async () => {
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 201, { statusText: '' });
    await answer(page.server.calls[1], 409, { statusText: '' });
    await answer(page.server.calls[2], 201, { statusText: 'Made It' });

    expect(shownLines(generator).map((line) => `${line.status} ${line.statusText}`)).toEqual([
      '201 Created',
      '409 Conflict',
      '201 Made It',
    ]);
  });

  it('ends every press with exactly ten lines, whatever the answers', async () => {
    const generator = mountGenerator();
    press(generator);
    const statuses = [201, 400, 409, 500, 503, 201, 201, 404, 403, 201];
    for (const [index, status] of statuses.entries()) await answer(page.server.calls[index], status);

    expect(shownLines(generator)).toHaveLength(10);
    expect(shownLines(generator).map((line) => Number(line.status))).toEqual(statuses);
    expect(generator.shadow.querySelector('[aria-live="polite"]')?.getAttribute('aria-busy')).toBe('false');
  });

  it('ends each call that gets no answer within timeout ms with a "Timed out" line', async () => {
    vi.useFakeTimers();
    const generator = mountGenerator({ 'base-url': BASE_URL, timeout: '1000' });
    press(generator);
    await answer(page.server.calls[0], 201);

    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(shownLines(generator)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));

    expect(page.server.calls.slice(1).every((call) => call.signal.aborted)).toBe(true);
    const timedOut = { part: 'result error', status: '0', statusText: 'Timed out', name: undefined };
    expect(shownLines(generator).slice(1)).toEqual(Array(9).fill({ ...timedOut, detail: expect.stringContaining('1000 ms') }));
  });

  it('renders server text as text: no element is made from it', async () => {
    const generator = mountGenerator();
    press(generator);
    const html = '<img src=x onerror=alert(1)>';
    await answer(page.server.calls[0], 400, { statusText: html, body: { detail: `<script>alert(2)</script>${html}` } });

    const [line] = shownLines(generator);
    expect(line?.statusText).toBe(html);
    expect(line?.detail).toBe(`— <script>alert(2)</script>${html}`);
    expect(generator.shadow.querySelector('img, script:not(style)')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });

  it('empties the list at once on each press', async () => {
    const generator = mountGenerator();
    press(generator);
    for (const call of page.server.calls) await answer(call, 201);
    expect(shownLines(generator)).toHaveLength(10);

    press(generator);
    expect(shownLines(generator)).toEqual([]);
    expect(page.server.fetch).toHaveBeenCalledTimes(20);
  });

  it('a new press replaces a batch still sending: none of its lines or events appear, even late ones, but its calls go on and what it created is listed under its press, to delete', async () => {
    const generator = mountGenerator();
    const results: ItemResult[] = [];
    generator.element.addEventListener(RESULT_EVENT, (event) => results.push((event as CustomEvent<ItemResult>).detail));
    press(generator);
    const oldCalls = page.server.calls.splice(0);
    const created = (call: PendingCall | undefined, id: string) => answer(call, 201, { body: { ...(call?.body as object), id } });
    await created(oldCalls[0], 'old-0');
    await answer(oldCalls[1], 500);
    expect(shownLines(generator)).toHaveLength(2);

    press(generator);
    expect(shownLines(generator)).toEqual([]);
    // Aborting a POST the server may have taken would leave a resource no line names.
    expect(oldCalls.some((call) => call.signal.aborted)).toBe(false);

    const newCalls = page.server.calls.splice(0);
    await answer(newCalls[4], 201);
    for (const [index, call] of oldCalls.slice(2).entries()) await created(call, `old-${index + 2}`);
    for (const call of newCalls.filter((_, index) => index !== 4)) await answer(call, 201);

    expect(shownLines(generator).map((line) => line.name)).toEqual([newCalls[4], ...newCalls.filter((_, index) => index !== 4)].map(nameOf));
    // The replaced batch's events stopped with the press: no event counts among the new press's ten.
    expect(results.map(({ record }) => (record as ScimUser).name.formatted)).toEqual([oldCalls[0], oldCalls[1], newCalls[4], ...newCalls.filter((_, index) => index !== 4)].map(nameOf));
    expect(generator.shadow.querySelector('[part~="earlier"] [part~="earlier-status"]')?.textContent).toBe('Press 1 made 9 users that are still on the server.');
  });
});

describe('the first-result rule', () => {
  it('says when the server rejected the key the press sent, with the reason it gave', async () => {
    localStorage.setItem('apikey', 'a-key-the-server-does-not-know');
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 401, { body: { schemas: [ERROR_SCHEMA], status: '401', detail: 'Unknown API key; create one with POST /api/keys' } });
    expect(noticeParagraphs(generator)).toEqual([
      'Warning: You are not authenticated. Please get a valid API key here.',
      'The server rejected the stored key.',
      'Unknown API key; create one with POST /api/keys',
    ]);
  });

  it('shows only the not-authenticated warning when the first result is 401', async () => {
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[3], 401);
    for (const call of page.server.calls) if (call !== page.server.calls[3]) await answer(call, 201);

    expect(noticeParagraphs(generator)).toEqual(['Warning: You are not authenticated. Please get a valid API key here.', 'No API key is stored in this browser.']);
    expect(generator.ui.getByRole('link', { name: 'here' }).getAttribute('href')).toBe(API_KEY_URL);
    expect(generator.ui.getAllByRole('link')).toHaveLength(1);
    expect(shownLines(generator)).toEqual([]);
  });

  it('shows only the rate-limit notice, with Free and Pro links to key creation, when the first result is 429', async () => {
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 429, { body: { detail: 'Too many requests' } });
    for (const call of page.server.calls.slice(1)) await answer(call, 201);

    expect(noticeText(generator)).toContain('Rate Limit Exceeded: Your API key has reached its request limit.');
    const links = generator.ui.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Create a new Free Access key', 'Create a Pro Access key']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(Array(2).fill(`${API_KEY_URL}#create-new-access-key`));
    expect(shownLines(generator)).toEqual([]);
  });

  it.each([401, 429])('shows a %i that is not the first result as an ordinary error line', async (status) => {
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 201);
    await answer(page.server.calls[1], status);

    expect(noticeText(generator)).toBeUndefined();
    expect(shownLines(generator).map((line) => [line.part, line.status])).toEqual([
      ['result success', '201'],
      ['result error', String(status)],
    ]);
  });

  it('clears a notice at once on the next press', async () => {
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 401);
    press(generator);
    expect(noticeText(generator)).toBeUndefined();
  });

  it('shows the server\'s SCIM detail in the rate-limit notice', async () => {
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 429, { body: { schemas: [ERROR_SCHEMA], status: '429', detail: 'the free plan allows 20 requests per 15 minutes' } });

    expect(noticeText(generator)).toContain('the free plan allows 20 requests per 15 minutes');
  });

  it.each([
    ['seconds', () => '900'],
    ['an HTTP date', () => new Date(Date.now() + 900_000).toUTCString()],
  ])('says when to try again from a Retry-After in %s', async (_form, retryAfter) => {
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 429, { headers: { 'Retry-After': retryAfter() } });

    expect(noticeText(generator)).toContain('Try again in 15 minutes.');
    const time = generator.shadow.querySelector('[part="notice"] time')?.getAttribute('datetime') ?? '';
    expect(Math.abs(Date.parse(time) - (Date.now() + 900_000))).toBeLessThan(2000);
  });

  it('says nothing about when to try again without a Retry-After', async () => {
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 429);
    expect(noticeText(generator)).not.toContain('Try again');
  });

  it('clicks the first plan card 500 ms after the Free link is clicked, and the second after the Pro link', async () => {
    vi.useFakeTimers();
    const cards = [0, 1, 2].map(() => Object.assign(document.createElement('div'), { className: 'plan-card' }));
    const clicks = cards.map((card) => {
      const onClick = vi.fn();
      card.addEventListener('click', onClick);
      return onClick;
    });
    document.body.append(...cards);
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 429);

    clickLink(generator.ui.getByRole('link', { name: 'Create a new Free Access key' }));
    await vi.advanceTimersByTimeAsync(499);
    expect(clicks[0]).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(clicks.map((onClick) => onClick.mock.calls.length)).toEqual([1, 0, 0]);

    clickLink(generator.ui.getByRole('link', { name: 'Create a Pro Access key' }));
    await vi.advanceTimersByTimeAsync(499);
    expect(clicks[1]).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(clicks.map((onClick) => onClick.mock.calls.length)).toEqual([1, 1, 0]);
  });

  it('uses plan-card-selector to find the plan cards', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div class="plan-card"></div><div data-plan="free"></div><div data-plan="pro"></div>';
    const pro = document.querySelector('[data-plan="pro"]');
    const onClick = vi.fn();
    pro?.addEventListener('click', onClick);
    const generator = mountGenerator({ 'base-url': BASE_URL, 'plan-card-selector': '[data-plan]' });
    press(generator);
    await answer(page.server.calls[0], 429);

    clickLink(generator.ui.getByRole('link', { name: 'Create a Pro Access key' }));
    await vi.advanceTimersByTimeAsync(500);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('a notice once the stored key changes', () => {
  const KEY_CHANGED = 'The stored API key has changed since this press. Press the button to try again with it.';
  const keyStoredElsewhere = (key: string | null) =>
    act(() => {
      if (key === null) localStorage.removeItem('apikey');
      else localStorage.setItem('apikey', key);
      dispatchEvent(new StorageEvent('storage', { key: 'apikey' }));
    });

  it.each([401, 429])('replaces the %i notice when another tab stores a new key', async (status) => {
    localStorage.setItem('apikey', 'rejected-key');
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], status);

    keyStoredElsewhere('new-key');
    expect(noticeText(generator)).toBe(KEY_CHANGED);
    expect(generator.ui.queryAllByRole('link')).toEqual([]);
  });

  it('replaces the notice when this window regains focus with another key stored', async () => {
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 401);

    localStorage.setItem('apikey', 'stored-while-away');
    act(() => void dispatchEvent(new FocusEvent('focus')));
    expect(noticeText(generator)).toBe(KEY_CHANGED);
  });

  it('keeps the notice while the key is the one the press sent, and brings it back if that key returns', async () => {
    localStorage.setItem('apikey', 'rejected-key');
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 401);

    act(() => void dispatchEvent(new FocusEvent('focus')));
    expect(noticeText(generator)).toContain('Warning: You are not authenticated.');
    keyStoredElsewhere(null);
    expect(noticeText(generator)).toBe(KEY_CHANGED);
    keyStoredElsewhere('rejected-key');
    expect(noticeText(generator)).toContain('Warning: You are not authenticated.');
  });

  it('leaves result lines alone, and the next press starts without the mark', async () => {
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 201);
    keyStoredElsewhere('new-key');
    expect(noticeText(generator)).toBeUndefined();
    expect(shownLines(generator)).toHaveLength(1);

    press(generator);
    await answer(page.server.calls[10], 401);
    expect(noticeText(generator)).toContain('Warning: You are not authenticated.');
  });
});

describe('events for the host page', () => {
  it('dispatches scim-generator-result per item and scim-generator-complete with all ten in batch order', async () => {
    localStorage.setItem('apikey', 'key-that-must-not-leak');
    const results: CustomEvent<ItemResult>[] = [];
    const completions: CustomEvent<BatchResult>[] = [];
    document.addEventListener('scim-generator-result', (event) => results.push(event as CustomEvent<ItemResult>));
    document.addEventListener('scim-generator-complete', (event) => completions.push(event as CustomEvent<BatchResult>));
    const generator = mountGenerator();
    press(generator);

    const arrival = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0];
    for (const index of arrival.slice(0, 9)) await answer(page.server.calls[index], index % 3 ? 201 : 409);
    expect(completions).toHaveLength(0);
    await answer(page.server.calls[0], 409);

    expect(results.map((event) => event.detail.index)).toEqual(arrival);
    expect(results.every((event) => event.bubbles && event.composed && event.target === generator.element)).toBe(true);
    expect(completions).toHaveLength(1);
    const batch = completions[0]?.detail.results ?? [];
    expect(batch.map((result) => result.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(batch.map((result) => result.record)).toEqual(page.server.calls.map((call) => call.body));
    expect(batch.map((result) => result.status)).toEqual([409, 201, 201, 409, 201, 201, 409, 201, 201, 409]);
    expect(batch[1]?.name).toBe(nameOf(page.server.calls[1]));
    expect(batch[0]).not.toHaveProperty('name');
    expect(JSON.stringify([...results, ...completions].map((event) => event.detail))).not.toContain('key-that-must-not-leak');
  });
});
