import { act, fireEvent, within, type BoundFunctions, type queries } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import '../entries/define';
import { batchRuntime } from '../batch/load-runtime';
import { lazyViews } from '../widget/load-views';
import { deferredFetch, type Answer, type PendingCall } from './deferred-fetch';

export const BASE_URL = 'https://scim.example.com/scim/v2';
export const API_KEY_URL = 'https://provider.example.com/apikey/';

export interface MountedGenerator {
  element: HTMLElement;
  shadow: ShadowRoot;
  ui: BoundFunctions<typeof queries>;
}

/** Adds a `<scim-generator>` (registered by importing src/entries/index) to the page and renders it. */
export function mountGenerator(
  attributes: Record<string, string> = { 'base-url': BASE_URL, 'api-key-url': API_KEY_URL },
  parent: ParentNode = document.body,
): MountedGenerator {
  const element = document.createElement('scim-generator');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  act(() => parent.append(element));
  const shadow = element.shadowRoot;
  if (!shadow) throw new Error('<scim-generator> has no open shadow root');
  return { element, shadow, ui: within(shadow as unknown as HTMLElement) };
}

export function press({ ui }: MountedGenerator): void {
  fireEvent.click(ui.getByRole('button', { name: /^Generate / }));
}

/** Answers a call and lets the client read the body and React render the result. */
export async function answer(call: PendingCall | undefined, status: number, options?: Answer): Promise<void> {
  if (!call) throw new Error('no such call');
  await act(async () => call.respond(status, options));
}

export async function failCall(call: PendingCall | undefined, error?: unknown): Promise<void> {
  if (!call) throw new Error('no such call');
  await act(async () => call.fail(error));
}

export interface ShownLine {
  part: string | null;
  status: string | undefined;
  statusText: string | undefined;
  name: string | undefined;
  detail: string | undefined;
}

/** The result lines as a user sees them, in the order shown. */
export function shownLines({ shadow }: MountedGenerator): ShownLine[] {
  return [...shadow.querySelectorAll('[part~="result"]')].map((line) => {
    const text = (part: string) => line.querySelector(`[part="${part}"]`)?.textContent ?? undefined;
    return {
      part: line.getAttribute('part'),
      status: text('status'),
      statusText: text('status-text'),
      name: text('name'),
      detail: text('detail'),
    };
  });
}

/** Clicks a link without letting the test page navigate away. */
export function clickLink(link: HTMLElement): void {
  const stay = (event: Event) => event.preventDefault();
  document.addEventListener('click', stay);
  try {
    fireEvent.click(link);
  } finally {
    document.removeEventListener('click', stay);
  }
}

export interface GeneratorPage {
  /** The fetch of the current test; a fresh one answering nothing until told. */
  server: ReturnType<typeof deferredFetch>;
  useServer(stub: ReturnType<typeof deferredFetch>): void;
}

/**
 * Sets up each test of the file with a fresh deferred fetch as `globalThis.fetch`, and leaves an
 * empty page, real timers and empty storage behind it.
 */
export function setUpGeneratorPage(): GeneratorPage {
  const page: GeneratorPage = {
    server: deferredFetch(),
    useServer(stub) {
      page.server = stub;
      vi.stubGlobal('fetch', stub.fetch);
    },
  };
  // Once loaded, a press sends its calls in the same task; only a page's first press may wait for them.
  beforeAll(async () => {
    await Promise.all([batchRuntime.preload(), lazyViews.preload()]);
  });
  beforeEach(() => page.useServer(deferredFetch()));
  afterEach(() => {
    act(() => document.body.replaceChildren());
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });
  return page;
}
