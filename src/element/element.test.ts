import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferredFetch } from '../test-support/deferred-fetch';
import { BASE_URL, answer, clickLink, mountGenerator, press, setUpGeneratorPage, shownLines } from '../test-support/element';

const page = setUpGeneratorPage();

/** Lets the element's disconnect bookkeeping (a microtask) run. */
async function settle(): Promise<void> {
  await act(async () => undefined);
}

describe('<scim-generator>', () => {
  it('renders in an open shadow root: "Generate Users →" and an unchecked "Create activated users"', () => {
    const { element, ui } = mountGenerator({});

    expect(element.shadowRoot?.mode).toBe('open');
    const button = ui.getByRole('button', { name: /^Generate/ });
    expect(button.textContent).toBe('Generate Users →');
    expect(button.getAttribute('type')).toBe('button');
    const checkbox = ui.getByRole('checkbox', { name: 'Create activated users' }) as HTMLInputElement;
    expect(checkbox.checked).toBe(false);
  });

  it('renders "Generate Groups →" and an unticked "Add members" checkbox for Groups', () => {
    const { ui } = mountGenerator({ 'resource-type': 'Groups' });

    expect(ui.getByRole('button', { name: /^Generate/ }).textContent).toBe('Generate Groups →');
    expect(ui.getAllByRole('checkbox')).toHaveLength(1);
    expect((ui.getByRole('checkbox', { name: 'Add members' }) as HTMLInputElement).checked).toBe(false);
  });

  it('announces results in a polite live region', async () => {
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 201);

    const region = generator.shadow.querySelector('[aria-live]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(region?.querySelectorAll('[part~="result"]')).toHaveLength(1);
  });

  it('shows "Invalid resource type" as an alert, offers no button and sends nothing', () => {
    const { ui } = mountGenerator({ 'resource-type': 'Things', 'base-url': BASE_URL });

    expect(ui.getByRole('alert').textContent).toBe('Invalid resource type: "Things" is not Users or Groups');
    expect(ui.queryByRole('button')).toBeNull();
    expect(ui.queryByRole('checkbox')).toBeNull();
    expect(page.server.fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['base-url', 'javascript:alert(1)', /^Invalid base-url/],
    ['base-url', 'ftp://scim.example.com/v2', /^Invalid base-url/],
    ['base-url', 'https://user:secret@scim.example.com/v2', /^Invalid base-url/],
    ['timeout', '0', /^Invalid timeout/],
    ['timeout', 'soon', /^Invalid timeout/],
  ])('shows a message for %s=%j and sends nothing', (name, value, message) => {
    const { ui } = mountGenerator({ [name]: value });

    expect(ui.getByRole('alert').textContent).toMatch(message);
    expect(ui.queryByRole('button')).toBeNull();
    expect(page.server.fetch).not.toHaveBeenCalled();
  });

  it('shows attribute values in messages as text only', () => {
    const { shadow, ui } = mountGenerator({ timeout: '<img src=x onerror=alert(1)>' });

    expect(ui.getByRole('alert').textContent).toContain('<img src=x onerror=alert(1)>');
    expect(shadow.querySelector('img')).toBeNull();
  });

  it('follows attribute changes on a live element, and falls back to the default when one is removed', () => {
    const { element, ui } = mountGenerator({ 'base-url': BASE_URL });
    const change = (update: () => void) => act(update);

    change(() => element.setAttribute('resource-type', 'Groups'));
    expect(ui.getByRole('button', { name: /^Generate/ }).textContent).toBe('Generate Groups →');
    expect(ui.getByRole('checkbox', { name: 'Add members' })).toBeTruthy();

    change(() => element.setAttribute('resource-type', 'Things'));
    expect(ui.getByRole('alert').textContent).toBe('Invalid resource type: "Things" is not Users or Groups');

    change(() => element.removeAttribute('resource-type'));
    expect(ui.getByRole('button', { name: /^Generate/ }).textContent).toBe('Generate Users →');
    expect((ui.getByRole('checkbox', { name: 'Create activated users' }) as HTMLInputElement).checked).toBe(false);

    change(() => element.setAttribute('base-url', 'https://other.example.com/scim/'));
    press({ element, shadow: element.shadowRoot as ShadowRoot, ui });
    expect(page.server.calls[0]?.url).toBe('https://other.example.com/scim/Users');
  });
});

describe('<scim-generator> leaving and moving in the page', () => {
  it('aborts its calls when removed mid-batch, shows nothing late, and a new element works at once', async () => {
    page.useServer(deferredFetch({ ignoreAbort: true }));
    const results = vi.fn();
    document.addEventListener('scim-generator-result', results);
    const first = mountGenerator();
    press(first);
    const oldCalls = page.server.calls.splice(0);

    act(() => first.element.remove());
    await settle();
    expect(oldCalls.every((call) => call.signal.aborted)).toBe(true);
    for (const call of oldCalls) await answer(call, 201);
    expect(results).not.toHaveBeenCalled();

    const second = mountGenerator();
    press(second);
    expect(page.server.calls).toHaveLength(10);
    await answer(page.server.calls[0], 201);
    expect(shownLines(second)).toHaveLength(1);
    expect(results).toHaveBeenCalledTimes(1);
    document.removeEventListener('scim-generator-result', results);
  });

  it('clears the plan-card timer when removed', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div class="plan-card"></div><div class="plan-card"></div>';
    const proCard = vi.fn();
    document.querySelectorAll('.plan-card')[1]?.addEventListener('click', proCard);
    const generator = mountGenerator();
    press(generator);
    await answer(page.server.calls[0], 429);

    clickLink(generator.ui.getByRole('link', { name: 'Create a Pro Access key' }));
    act(() => generator.element.remove());
    await settle();
    await vi.advanceTimersByTimeAsync(1000);

    expect(proCard).not.toHaveBeenCalled();
  });

  it('keeps its batch when moved mid-batch: no repeated calls, exactly ten lines', async () => {
    const results = vi.fn();
    document.addEventListener('scim-generator-result', results);
    const generator = mountGenerator();
    press(generator);
    for (const call of page.server.calls.slice(0, 3)) await answer(call, 201);

    const elsewhere = document.body.appendChild(document.createElement('section'));
    act(() => elsewhere.append(generator.element));
    await settle();
    expect(page.server.calls.some((call) => call.signal.aborted)).toBe(false);
    expect(shownLines(generator)).toHaveLength(3);

    for (const call of page.server.calls.slice(3)) await answer(call, 201);
    expect(page.server.fetch).toHaveBeenCalledTimes(10);
    expect(shownLines(generator)).toHaveLength(10);
    expect(results).toHaveBeenCalledTimes(10);
    expect(generator.element.parentNode).toBe(elsewhere);
    document.removeEventListener('scim-generator-result', results);
  });

  it('keeps "Create activated users" ticked when moved', async () => {
    const generator = mountGenerator();
    fireEvent.click(generator.ui.getByRole('checkbox', { name: 'Create activated users' }));

    act(() => document.body.appendChild(document.createElement('section')).append(generator.element));
    await settle();
    expect((generator.ui.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    press(generator);
    expect(page.server.calls.every((call) => (call.body as { active: boolean }).active)).toBe(true);
  });
});
